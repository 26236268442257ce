/**
 * The streams open on this replica and what ends them from outside (decision 0022): the key revoked or expired
 * (one query per `checkMs` over the keys that have open streams, so a revocation ends them within seconds), the
 * route switched off (at once, on the switch's change), and the replica shutting down (`closeAll`, with a short
 * `retry:` so clients reconnect to another replica).
 */
import type { Knex } from 'knex';
import { findEndedApiKeys } from '#shared/db/api-keys/api-keys.repository.js';
import type { RouteSwitches } from '#shared/kill-switch/route-switches.js';
import type { Logger } from '#shared/logger/logger.js';

/** Why a stream was ended by the server; sent as the final `stream.error` event's code. */
export type StreamEndReason = 'API_KEY_REVOKED' | 'API_KEY_EXPIRED' | 'ROUTE_DISABLED' | 'SERVICE_SHUTTING_DOWN';

export interface OpenStream {
  apiKeyId: string;
  routeId: string;
  /** Ends the stream with a final event explaining why. */
  end(reason: StreamEndReason): void;
}

export interface OpenStreams {
  /** Registers a stream; returns the function that forgets it (on close). */
  add(stream: OpenStream): () => void;
  /** Ends every stream (shutdown). */
  closeAll(reason: StreamEndReason): void;
  count(): number;
  /** Runs the key check now (tests). */
  checkKeys(): Promise<void>;
  /**
   * Stops the periodic check and the switch subscription (shutdown). A stream opened afterwards, while the replica
   * drains (SHUTDOWN_DRAIN_MS) and the gateway may still route to it, is ended at once: SERVICE_SHUTTING_DOWN.
   */
  stop(): void;
}

export function createOpenStreams(options: {
  db: Knex;
  routeSwitches: RouteSwitches;
  logger: Logger;
  checkMs: number;
  now?: () => number;
}): OpenStreams {
  const { db, logger } = options;
  const now = options.now ?? Date.now;
  const streams = new Set<OpenStream>();
  let timer: NodeJS.Timeout | undefined;
  let checking = false;

  const endWhere = (matches: (stream: OpenStream) => StreamEndReason | null): void => {
    for (const stream of [...streams]) {
      const reason = matches(stream);
      if (reason) {
        streams.delete(stream);
        stream.end(reason);
      }
    }
  };
  const checkKeys = async (): Promise<void> => {
    if (checking || streams.size === 0) return;
    checking = true;
    try {
      const ended = await findEndedApiKeys(db, [...new Set([...streams].map((s) => s.apiKeyId))], new Date(now()));
      if (ended.size === 0) return;
      endWhere((stream) => {
        const why = ended.get(stream.apiKeyId);
        return why === undefined ? null : why === 'revoked' ? 'API_KEY_REVOKED' : 'API_KEY_EXPIRED';
      });
    } catch (err) {
      logger.warn({ event: 'streams.key_check_failed', err: err }, 'open-stream key check failed; retrying');
    } finally {
      checking = false;
    }
  };
  const unsubscribeSwitches = options.routeSwitches.onChange(() =>
    endWhere((stream) => (options.routeSwitches.isDisabled(stream.routeId) ? 'ROUTE_DISABLED' : null)),
  );
  const ensureTimer = (): void => {
    if (timer || streams.size === 0) return;
    timer = setInterval(() => void checkKeys(), options.checkMs);
    timer.unref();
  };

  let stopped = false;
  return {
    add(stream) {
      if (stopped) {
        stream.end('SERVICE_SHUTTING_DOWN');
        return () => undefined;
      }
      streams.add(stream);
      ensureTimer();
      return () => {
        streams.delete(stream);
        if (streams.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    closeAll: (reason) => endWhere(() => reason),
    count: () => streams.size,
    checkKeys,
    stop() {
      stopped = true;
      unsubscribeSwitches();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
