import { afterAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import type { TradeEvent } from '../../../clients/typescript/src/events.js';
import { createWebhookReceiver } from '../../../docs/webhooks/receiver-example.js';
import { createStandardWebhookReceiver } from '../../../docs/webhooks/standard-receiver-example.js';
import {
  signWebhookBody,
  standardWebhookHeaders,
} from '../../../apps/webhook-dispatcher/src/delivery/webhook-signature.js';

const secret = 'whsec_EXAMPLEEXAMPLEEXAMPLEEXAMPLE12';
const wrongSecret = 'whsec_WRONGWRONGWRONGWRONGWRONGWRONG12';
const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`; // cast: a TCP server's address
}

const post = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

const body = JSON.stringify({
  id: 'evt_example1',
  type: 'trade.completed',
  apiVersion: '2026-04-29',
  createdAt: new Date().toISOString(),
  data: { tradeId: 't' },
});
const afterHandOff = () => new Promise((resolve) => setImmediate(resolve));

describe('the example webhook receivers in docs/webhooks', () => {
  it('contract scheme: accepts a signed delivery once, deduplicates a redelivery, refuses bad or second-based signatures', async () => {
    const received: TradeEvent[] = [];
    const url = await listen(createWebhookReceiver([secret], (event) => received.push(event)));
    const signed = (secrets: string[], t: number) => ({ 'X-Service-Signature': signWebhookBody(secrets, t, body) });
    const now = Date.now();
    expect((await post(url, body, signed([secret], now))).status).toBe(204);
    expect((await post(url, body, signed([secret], now))).status).toBe(200);
    expect((await post(url, body, signed([wrongSecret], now))).status).toBe(400);
    const stale = await post(url, body, signed([secret], Math.floor(now / 1000)));
    expect([stale.status, await stale.text()]).toEqual([400, 'signature stale']);
    await afterHandOff();
    expect(received.map((event) => event.id)).toEqual(['evt_example1']);
  });

  it('Standard Webhooks: the standardwebhooks package accepts the dispatcher headers once, also mid-rotation, and refuses others', async () => {
    const received: TradeEvent[] = [];
    const url = await listen(createStandardWebhookReceiver(secret, (event) => received.push(event)));
    const signed = (secrets: string[], t: number) => standardWebhookHeaders(secrets, 'evt_example1', t, body);
    const now = Date.now();
    expect((await post(url, body, signed([secret], now))).status).toBe(204);
    expect((await post(url, body, signed([wrongSecret, secret], now))).status).toBe(200);
    expect((await post(url, body, signed([wrongSecret], now))).status).toBe(400);
    expect((await post(url, `${body} `, signed([secret], now))).status).toBe(400);
    expect((await post(url, body, signed([secret], now - 6 * 60_000))).status).toBe(400);
    await afterHandOff();
    expect(received.map((event) => event.id)).toEqual(['evt_example1']);
  });
});
