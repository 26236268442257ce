/*
 * streamEvents' reconnect loop against a real local HTTP server whose answers are scripted per connection:
 * clean endings of a quiet stream, gateway answers (502, 503, 504) and aborts at every stage.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
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
/** A 503 or 429 that names when to come back, as the API's own refusals do. */
const toldToWait =
  (code: number, errorCode: string, seconds: number): Answer =>
  (response) => {
    response.writeHead(code, { 'Content-Type': 'application/problem+json', 'Retry-After': String(seconds) });
    response.end(JSON.stringify({ type: 'about:blank', title: 'later', status: code, code: errorCode }));
  };
/** The server ends an open stream with a final `stream.error` of `code`. */
const ending =
  (code: string): Answer =>
  (response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.end(`retry: 1\n\nevent: stream.error\ndata: ${JSON.stringify({ code, detail: code })}\n\n`);
  };
/** Opens the stream, then sends nothing more (a connection a NAT or balancer dropped without a word). */
const silent: Answer = (response) => {
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  response.write('retry: 1\n\n');
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

  it('comes back after the route is switched off, waiting out every Retry-After without counting it as a failure', async () => {
    const { baseUrl, seen } = await scriptedServer([
      ending('ROUTE_DISABLED'),
      toldToWait(503, 'ROUTE_DISABLED', 1),
      toldToWait(429, 'RATE_LIMIT_EXCEEDED', 1),
      oneEvent,
    ]);
    const stream = streamEvents({ baseUrl, fetch: (request) => fetch(request), retry: fast }, { maxReconnects: 1 });
    const started = Date.now();
    expect(await stream.next()).toMatchObject({ done: false, value: { id: '42' } });
    expect(seen).toHaveLength(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    await stream.return();
  });

  it.each(['API_KEY_REVOKED', 'API_KEY_EXPIRED'])('ends for good on %s', async (code) => {
    const { baseUrl, seen } = await scriptedServer([ending(code), oneEvent]);
    const stream = streamEvents({ baseUrl, fetch: (request) => fetch(request), retry: fast });
    await expect(stream.next()).rejects.toMatchObject({ name: 'ForetellStreamError', code });
    expect(seen).toHaveLength(1);
  });

  it('replaces a connection that stays silent past idleTimeoutMs, resuming after the last event', async () => {
    const { baseUrl, seen } = await scriptedServer([oneEvent, silent, oneEvent]);
    const stream = streamEvents(
      { baseUrl, fetch: (request) => fetch(request), retry: fast },
      { idleTimeoutMs: 300, maxReconnects: 1 },
    );
    expect(await stream.next()).toMatchObject({ value: { id: '42' } });
    expect(await stream.next()).toMatchObject({ value: { id: '42' } });
    expect(seen).toEqual([undefined, '42', '42']);
    await stream.return();
  });

  it('leaves nothing running once the loop is left: a script that reads one event exits at once', async () => {
    // One event, then the connection stays open and quiet: the script leaves the loop while the stream still runs.
    const { baseUrl } = await scriptedServer([
      (response) => {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.write(`id: 42\nevent: trade.completed\ndata: ${EVENT}\n\n`);
      },
    ]);
    const script = [
      `import { streamEvents } from ${JSON.stringify(fileURLToPath(new URL('./event-stream.ts', import.meta.url)))};`,
      `const stream = streamEvents({ baseUrl: ${JSON.stringify(baseUrl)}, fetch: (request) => fetch(request),`,
      '  retry: { maxAttempts: 1, initialDelayMs: 1, maxDelayMs: 5 } }, { idleTimeoutMs: 20000 });',
      'for await (const event of stream) { console.log(event.id); break; }',
    ].join('\n');
    const started = Date.now();
    // The server runs in this process: the script runs beside it, not blocking it.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 15_000 },
    );
    expect(stdout.trim()).toBe('42');
    expect(Date.now() - started).toBeLessThan(10_000);
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
