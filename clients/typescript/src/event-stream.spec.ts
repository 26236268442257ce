/*
 * streamEvents' reconnect loop against a real local HTTP server whose answers are scripted per connection:
 * clean endings of a quiet stream, gateway answers (502, 503, 504) and aborts at every stage.
 */
import { describe, expect, it } from '@jest/globals';
import { streamEvents } from './event-stream.js';
import type { RetryOptions } from './retry-policy.js';
import { scriptedServers, type Answer } from './testing/scripted-server.js';

const EVENT = JSON.stringify({ id: 'evt_1', type: 'trade.completed', data: { tradeId: 't1', status: 'completed' } });

/** Ends the stream at once, cleanly, with a short retry hint: a quiet stream cut by a gateway or a restart. */
const quietEnd: Answer = (response) => {
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  response.end('retry: 1\n\n');
};
const status =
  (code: number): Answer =>
  (response) => {
    response.writeHead(code, { 'Content-Type': 'application/problem+json' });
    response.end(JSON.stringify({ type: 'about:blank', title: 'gateway', status: code, code: 'UPSTREAM' }));
  };
const oneEvent: Answer = (response) => {
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  response.end(`id: 42\nevent: trade.completed\ndata: ${EVENT}\n\n`);
};

/** Stream requests, each seen as its Last-Event-ID. */
const scriptedServer = scriptedServers((request) => {
  const lastEventId = request.headers['last-event-id'];
  return Array.isArray(lastEventId) ? lastEventId.join(',') : lastEventId;
});

const fast: RetryOptions = { maxAttempts: 1, initialDelayMs: 1, maxDelayMs: 5 };

describe('streamEvents reconnect loop', () => {
  it('keeps a quiet stream that is ended cleanly many times, through 502, 503 and 504, until an event comes', async () => {
    const quiet = Array.from({ length: 12 }, () => quietEnd);
    const { baseUrl, seen } = await scriptedServer([
      ...quiet,
      status(502),
      status(503),
      status(504),
      quietEnd,
      oneEvent,
    ]);
    // 12 clean endings (each open resets the count), then the reconnect after the last one plus three gateway
    // answers: four reconnections in a row without an open stream, within maxReconnects 4.
    const stream = streamEvents({ baseUrl, fetch: (request) => fetch(request), retry: fast }, { maxReconnects: 4 });
    const first = await stream.next();
    expect(first).toMatchObject({ done: false, value: { id: '42', type: 'trade.completed' } });
    expect(seen).toHaveLength(17);
    await stream.return();
  });

  it('gives up after maxReconnects gateway answers in a row', async () => {
    const { baseUrl, seen } = await scriptedServer([status(503)]);
    const stream = streamEvents({ baseUrl, fetch: (request) => fetch(request), retry: fast }, { maxReconnects: 2 });
    await expect(stream.next()).rejects.toThrow('event stream: 2 reconnections could not open the stream');
    expect(seen).toHaveLength(3);
  });

  it('ends without connecting when the signal is already aborted', async () => {
    const { baseUrl, seen } = await scriptedServer([oneEvent]);
    const stream = streamEvents(
      { baseUrl, fetch: (request) => fetch(request), retry: fast },
      { signal: AbortSignal.abort() },
    );
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(seen).toHaveLength(0);
  });

  it('ends, without reconnecting, when aborted during the wait before a reconnect', async () => {
    const { baseUrl, seen } = await scriptedServer([status(503), oneEvent]);
    const caller = new AbortController();
    let answered: () => void = () => undefined;
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    const slow: RetryOptions = { maxAttempts: 1, initialDelayMs: 60_000, maxDelayMs: 60_000 };
    const stream = streamEvents(
      {
        baseUrl,
        fetch: async (request) => {
          const response = await fetch(request);
          answered();
          return response;
        },
        retry: slow,
      },
      { signal: caller.signal },
    );
    const next = stream.next();
    await firstAnswer;
    // Let the loop read the 503 and start its minute-long wait before aborting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    caller.abort();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(seen).toHaveLength(1);
  });
});
