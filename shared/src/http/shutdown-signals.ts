import type { EventEmitter } from 'node:events';
import type { Logger } from '../logger/logger.js';

export interface ShutdownSignalOptions {
  /** Default SIGTERM and SIGINT. */
  signals?: NodeJS.Signals[];
  /** Default process.exit; tests inject a spy. */
  exit?: (code: number) => void;
  /** Default process; tests pass an EventEmitter. */
  emitter?: EventEmitter;
}

/**
 * First SIGTERM/SIGINT: run `close` once, then exit 0 (1 if it failed). A second signal while closing forces exit 1.
 * Logs are flushed before exiting so the last lines are not lost.
 */
export function installShutdownSignals(
  close: () => Promise<void>,
  logger: Logger,
  options: ShutdownSignalOptions = {},
): void {
  const emitter = options.emitter ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let shuttingDown = false;

  const exitAfterFlush = (code: number): void => {
    try {
      logger.flush(() => exit(code));
    } catch {
      exit(code);
    }
  };

  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal during shutdown; forcing exit');
      exitAfterFlush(1);
      return;
    }
    shuttingDown = true;
    logger.info({ signal }, 'shutdown signal received');
    close().then(
      () => exitAfterFlush(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        exitAfterFlush(1);
      },
    );
  };

  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) emitter.on(signal, onSignal);
}
