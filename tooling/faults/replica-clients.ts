/*
 * Clients of a replicated fault stack that behave as real ones behind a gateway: a stream reader that reconnects to
 * the next replica with `Last-Event-ID` whenever its stream ends (its replica was killed), and a reader of the public
 * API that tries the next replica when one does not answer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openSseClient, type ReceivedSseEvent, type SseTestClient } from '../testing/sse-test-client.js';
import type { ManagedDeployable } from '../local-stack/deployable-stack.js';

export interface ResumingStream {
  /** Every event received, over every connection, in order. */
  events(): ReceivedSseEvent[];
  /** The replica index of each connection, in order. */
  readonly connections: number[];
  stop(): Promise<void>;
}

/** Reads `key`'s event stream from the start (`Last-Event-ID: 0`), first through replica `first` of `replicas`. */
export async function openResumingStream(
  replicas: readonly ManagedDeployable[],
  first: number,
  key: string,
): Promise<ResumingStream> {
  const earlier: ReceivedSseEvent[] = [];
  const connections: number[] = [];
  let current: SseTestClient | undefined;
  let stopped = false;
  const events = () => [...earlier, ...(current?.events ?? [])];
  const connect = async (index: number): Promise<SseTestClient | undefined> => {
    const replica = replicas[index % replicas.length];
    if (!replica) return undefined;
    const lastId = events().at(-1)?.id ?? '0';
    const client = await openSseClient(`${replica.url}/v1/events/stream`, {
      'X-API-Key': key,
      'Last-Event-ID': lastId,
    }).catch(() => undefined);
    if (client?.status === 200) return client;
    client?.close();
    return undefined;
  };
  let index = first;
  current = await connect(index);
  if (!current) throw new Error(`the event stream did not open on replica ${first}`);
  connections.push(index);
  const reading = (async () => {
    while (!stopped) {
      if (current) {
        await current.ended;
        earlier.push(...current.events);
        current = undefined;
        if (stopped) return;
      }
      index += 1;
      const next = await connect(index);
      if (next) {
        current = next;
        connections.push(index % replicas.length);
      } else await sleep(100);
    }
  })();
  return {
    events,
    connections,
    async stop() {
      stopped = true;
      current?.close();
      await reading;
    },
  };
}

/**
 * GET `path` from the replicas, starting at `first`, trying the next one when a replica does not answer (as a
 * gateway retries an idempotent read elsewhere). The status of the first answer, or 0 when none answered.
 */
export async function readThroughReplicas(
  replicas: readonly ManagedDeployable[],
  first: number,
  path: string,
): Promise<number> {
  for (let offset = 0; offset < replicas.length; offset += 1) {
    const replica = replicas[(first + offset) % replicas.length];
    if (!replica) continue;
    const status = await fetch(`${replica.url}${path}`, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    if (status !== 0) return status;
  }
  return 0;
}
