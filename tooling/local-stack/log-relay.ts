/*
 * The local stack's relay of a child's log lines to the terminal, kept cheap because it shares the machine's cores
 * with the deployables it relays: chunks are split by hand (no readline), each chunk is written in one call, and
 * access-log lines beyond a per-second budget are counted instead of parsed and printed (a terminal cannot show
 * thousands of lines a second anyway). Every other line — warnings, errors, start-up — is always printed.
 */
import { formatLogLine } from './log-line-format.js';

/** pino's access-log records of shared/src/http/request-observation.middleware.ts carry this message. */
const ACCESS_LOG_MARKER = '"msg":"request"';

export interface LogRelayOptions {
  /** Printed before each line, e.g. `[trading-api]` padded. */
  label: string;
  write(text: string): void;
  /** Access-log lines printed per second; 0 prints them all. */
  accessLinesPerSecond: number;
  now?: () => number;
}

export interface LogRelay {
  /** Takes a chunk of the child's output (lines may span chunks). */
  push(chunk: Buffer | string): void;
  /** Prints a pending partial line and the count of access lines not shown. */
  flush(): void;
}

export function createLogRelay(options: LogRelayOptions): LogRelay {
  const now = options.now ?? Date.now;
  const budget = options.accessLinesPerSecond;
  let partial = '';
  let second = 0;
  let shownThisSecond = 0;
  let hiddenThisSecond = 0;

  const summary = (): string => {
    if (hiddenThisSecond === 0) return '';
    const text = `${options.label} … ${hiddenThisSecond} more requests in that second (access log thinned to ${budget}/s)\n`;
    hiddenThisSecond = 0;
    return text;
  };

  /** The printed form of one complete line ('' when it is an access line over the budget). */
  const relayLine = (line: string, at: number): string => {
    let out = '';
    const current = Math.floor(at / 1000);
    if (current !== second) {
      out = summary();
      second = current;
      shownThisSecond = 0;
    }
    if (budget > 0 && line.includes(ACCESS_LOG_MARKER)) {
      if (shownThisSecond >= budget) {
        hiddenThisSecond += 1;
        return out;
      }
      shownThisSecond += 1;
    }
    return `${out}${options.label} ${formatLogLine(line)}\n`;
  };

  return {
    push(chunk) {
      const text = partial + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      const at = now();
      let out = '';
      for (const line of lines) if (line !== '') out += relayLine(line, at);
      if (out !== '') options.write(out);
    },
    flush() {
      let out = partial === '' ? '' : relayLine(partial, now());
      partial = '';
      out += summary();
      if (out !== '') options.write(out);
    },
  };
}
