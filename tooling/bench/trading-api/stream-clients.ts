/*
 * The load generator's side of `npm run bench:streams`: SSE clients of /v1/events/stream, each remembering every
 * `id` it received across its reconnects, and the check of every client's sequence against the key's events.
 */
import { openSseClient, type SseTestClient } from '#tooling/testing/sse-test-client.js';

export interface StreamBenchClient {
  key: string;
  apiKeyId: string;
  /** Every seq received, in arrival order, over all connections. */
  received: number[];
  /** Event-recorded → received latencies (ms). */
  latencies: number[];
  connection?: SseTestClient;
  /** Index into the connection's events already collected. */
  seen: number;
}

/** Opens (or reopens, after the last id received) a client's stream. */
export async function connectClient(api: string, client: StreamBenchClient): Promise<void> {
  const last = client.received.at(-1);
  const connection = await openSseClient(`${api}/v1/events/stream${last === undefined ? '?after=0' : ''}`, {
    'X-API-Key': client.key,
    ...(last === undefined ? {} : { 'Last-Event-ID': String(last) }),
  });
  if (connection.status !== 200) throw new Error(`stream answered ${connection.status}: ${connection.body()}`);
  client.connection = connection;
  client.seen = 0;
}

/** Moves a connection's new events into the client's record. */
export function collect(client: StreamBenchClient): void {
  const events = client.connection?.events ?? [];
  for (; client.seen < events.length; client.seen += 1) {
    const event = events[client.seen]!;
    if (event.id === undefined) continue;
    client.received.push(Number(event.id));
    const createdAt = Date.parse((JSON.parse(event.data) as { createdAt: string }).createdAt);
    client.latencies.push(Math.max(0, event.receivedAt - createdAt));
  }
}

/** Missing and repeated seqs of one client, given the key's last seq (its events are 1..lastSeq). */
export function checkSequence(
  received: readonly number[],
  lastSeq: number,
): { gaps: number; duplicates: number; disordered: number } {
  const counts = new Map<number, number>();
  for (const seq of received) counts.set(seq, (counts.get(seq) ?? 0) + 1);
  let gaps = 0;
  for (let seq = 1; seq <= lastSeq; seq += 1) if (!counts.has(seq)) gaps += 1;
  let duplicates = 0;
  for (const count of counts.values()) duplicates += count - 1;
  let disordered = 0;
  for (let index = 1; index < received.length; index += 1) if (received[index]! < received[index - 1]!) disordered += 1;
  return { gaps, duplicates, disordered };
}
