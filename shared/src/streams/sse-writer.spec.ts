import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { formatSseEvent, openSseStream } from './sse-writer.js';

/** Enough of a ServerResponse: headers, written frames, and a buffer size the test controls. */
class FakeResponse extends EventEmitter {
  statusCode = 0;
  headers: Record<string, string> = {};
  written: string[] = [];
  writableLength = 0;
  ended = false;
  destroyed = false;
  socket = null;
  setHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  removeHeader(name: string) {
    delete this.headers[name.toLowerCase()];
  }
  write(chunk: string) {
    this.written.push(chunk);
    return true;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

const options = (overrides: Partial<Parameters<typeof openSseStream>[1]> = {}) => ({
  retryMs: 2_000,
  maxBufferedBytes: 100,
  heartbeatMs: 60_000,
  stallTimeoutMs: 100,
  onStalled: () => undefined,
  ...overrides,
});

describe('formatSseEvent', () => {
  it('writes id, event and one data line per payload line, then a blank line', () => {
    expect(formatSseEvent({ id: '7', event: 'trade.completed', data: '{"a":1}' })).toBe(
      'id: 7\nevent: trade.completed\ndata: {"a":1}\n\n',
    );
    expect(formatSseEvent({ data: 'one\ntwo\r\nthree' })).toBe('data: one\ndata: two\ndata: three\n\n');
  });
});

describe('openSseStream', () => {
  it('sends the event-stream headers and the retry hint first', () => {
    const res = new FakeResponse();
    const writer = openSseStream(res as unknown as ServerResponse, options());
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'x-accel-buffering': 'no',
      'cache-control': 'no-cache, no-store',
    });
    expect(res.written[0]).toBe('retry: 2000\n\n');
    writer.close({ retryMs: 250, event: { event: 'stream.error', data: '{}' } });
    expect(res.written.slice(1)).toEqual(['retry: 250\n\n', 'event: stream.error\ndata: {}\n\n']);
    expect(res.ended).toBe(true);
    expect(writer.send({ data: 'late' })).toBe(false);
  });

  it('writes the heartbeat event right after each keep-alive comment, and neither while the buffer is full', async () => {
    const res = new FakeResponse();
    const writer = openSseStream(
      res as unknown as ServerResponse,
      options({ heartbeatMs: 20, stallTimeoutMs: 10_000, heartbeatEvent: { event: 'heartbeat', data: '{}' } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const beats = res.written.slice(1);
    expect(beats.length).toBeGreaterThanOrEqual(2);
    beats.forEach((chunk, index) =>
      expect(chunk).toBe(index % 2 === 0 ? ': keep-alive\n\n' : 'event: heartbeat\ndata: {}\n\n'),
    );
    res.writableLength = 150;
    const before = res.written.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(res.written).toHaveLength(before);
    writer.close();
  });

  it('reports no room above the bound and destroys the response when it stays full for the stall timeout', async () => {
    const res = new FakeResponse();
    const stalled: number[] = [];
    const writer = openSseStream(res as unknown as ServerResponse, options({ onStalled: (n) => stalled.push(n) }));
    res.writableLength = 150;
    expect(writer.hasRoom()).toBe(false);
    let drained = false;
    void writer.drained().then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stalled).toEqual([150]);
    expect(res.destroyed).toBe(true);
    expect(writer.closed).toBe(true);
    expect(drained).toBe(true);
  });

  it('keeps a slow reader whose buffer drains in time', async () => {
    const res = new FakeResponse();
    const writer = openSseStream(res as unknown as ServerResponse, options({ stallTimeoutMs: 200 }));
    res.writableLength = 150;
    await new Promise((resolve) => setTimeout(resolve, 120));
    res.writableLength = 0;
    res.emit('drain');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(res.destroyed).toBe(false);
    expect(writer.hasRoom()).toBe(true);
    writer.close();
  });
});
