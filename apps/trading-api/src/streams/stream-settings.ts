/** Limits and timings of the trading API's streams (config STREAM_*, decision 0022). */
export interface StreamSettings {
  /** Open event streams per user across replicas (429 beyond). */
  maxStreamsPerUser: number;
  heartbeatMs: number;
  /** `retry:` hint while open. */
  retryMs: number;
  /** `retry:` sent when this replica shuts down or the stream is ended by the server. */
  shutdownRetryMs: number;
  /** Bytes a client may leave unread before its stream stops producing. */
  maxBufferedBytes: number;
  /** How long the buffer may stay full before the client is cut off. */
  stallTimeoutMs: number;
  /** Events per read. */
  pageSize: number;
  /** Safety re-read of each stream without notices. */
  recheckMs: number;
  /** Revoked/expired keys of open streams are looked for this often. */
  keyCheckMs: number;
  /** Longest `Prefer: wait=N` honoured (s). */
  maxWaitSeconds: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  maxStreamsPerUser: 20,
  heartbeatMs: 15_000,
  retryMs: 2_000,
  shutdownRetryMs: 500,
  maxBufferedBytes: 256 * 1024,
  stallTimeoutMs: 10_000,
  pageSize: 200,
  recheckMs: 10_000,
  keyCheckMs: 1_000,
  maxWaitSeconds: 30,
};
