/* trades.waitFor against a real local HTTP server whose answers are scripted: a server that cannot wait. */
import { describe, expect, it } from '@jest/globals';
import { createForetellClient } from './client.js';
import { ForetellTimeoutError } from './errors.js';
import { scriptedServers, type Answer } from './testing/scripted-server.js';

const TRADE_ID = '6f1c2a9e-7d4b-4c1e-9a35-0b8e7d1f2c3a';

const pendingTrade: Answer = (response) => {
  response.writeHead(200, { 'Content-Type': 'application/json', ETag: '"v1"' });
  response.end(JSON.stringify({ trade: { id: TRADE_ID, status: 'pending' } }));
};
/** A 304 at once, whatever wait was asked for: what a draining replica answers. */
const notModifiedAtOnce: Answer = (response) => {
  response.writeHead(304, { ETag: '"v1"' });
  response.end();
};

const scriptedServer = scriptedServers((request) => request.headers.prefer);

describe('trades.waitFor', () => {
  it('pauses about a second after a 304 that came at once, instead of asking again in a loop', async () => {
    const { baseUrl, seen } = await scriptedServer([pendingTrade, notModifiedAtOnce]);
    const client = createForetellClient({ baseUrl, apiKey: 'svc_test_x' });

    const ending = await client.trades.waitFor(TRADE_ID, { timeoutMs: 2_000 }).catch((error: unknown) => error);

    expect(ending).toBeInstanceOf(ForetellTimeoutError);
    expect(ending).toMatchObject({ lastSeen: { id: TRADE_ID, status: 'pending' } });
    // The first read, then waiting reads (Prefer: wait=…) at most one per half second.
    expect(seen[0]).toBeUndefined();
    expect(seen.slice(1).every((prefer) => /^wait=\d+$/.test(String(prefer)))).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.length).toBeLessThanOrEqual(6);
  });
});
