import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import type { TradeEvent } from '../../../clients/typescript/src/events.js';
import { createWebhookReceiver } from '../../../docs/webhooks/receiver-example.js';
import { signWebhookBody } from '../../../apps/webhook-dispatcher/src/delivery/webhook-signature.js';

const secret = 'whsec_EXAMPLEEXAMPLEEXAMPLEEXAMPLE12';
const received: TradeEvent[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = createWebhookReceiver([secret], (event) => received.push(event));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (body: string, signature: string) =>
  fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', 'X-Service-Signature': signature },
  });

describe('the example webhook receiver in docs/webhooks', () => {
  it('accepts a signed delivery once, deduplicates a redelivery, and refuses bad or second-based signatures', async () => {
    const body = JSON.stringify({
      id: 'evt_example1',
      type: 'trade.completed',
      apiVersion: '2026-04-29',
      createdAt: new Date().toISOString(),
      data: { tradeId: 't' },
    });
    const now = Date.now();
    expect((await post(body, signWebhookBody([secret], now, body))).status).toBe(204);
    expect((await post(body, signWebhookBody([secret], now, body))).status).toBe(200);
    expect((await post(body, signWebhookBody(['whsec_WRONGWRONGWRONGWRONGWRONGWRONG12'], now, body))).status).toBe(400);
    const seconds = Math.floor(now / 1000);
    const stale = await post(body, signWebhookBody([secret], seconds, body));
    expect([stale.status, await stale.text()]).toEqual([400, 'signature stale']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.map((event) => event.id)).toEqual(['evt_example1']);
  });
});
