import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signWebhookBody } from '../../apps/webhook-dispatcher/src/delivery/webhook-signature.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const SECRET = 'whsec_loadtestreceiversecret000000000001';
const TRADE = '33333333-3333-4333-8333-333333333333';
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secrets: [SECRET] });
});
afterAll(() => receiver.close());

function deliver(body: unknown, secret = SECRET): Promise<Response> {
  const raw = JSON.stringify(body);
  return fetch(receiver.url('/webhooks'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Signature': signWebhookBody([secret], Date.now(), raw) },
    body: raw,
  });
}

const completed = (id: string, tradeId = TRADE) => ({
  id,
  type: 'trade.completed',
  apiVersion: '2026-04-29',
  createdAt: new Date().toISOString(),
  data: { tradeId, status: 'completed' },
});

describe('load-test webhook receiver', () => {
  it("answers a long poll as soon as the trade's signed event arrives", async () => {
    const poll = fetch(`${receiver.base}/deliveries/${TRADE}?type=trade.completed&waitMs=10000`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await deliver(completed('evt_1'))).status).toBe(204);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      tradeId: TRADE,
      deliveries: [{ eventId: 'evt_1', type: 'trade.completed', verified: true }],
    });
  });

  it('refuses a delivery signed with another secret and never hands it to a poll', async () => {
    const other = '44444444-4444-4444-8444-444444444444';
    expect((await deliver(completed('evt_forged', other), 'whsec_not_the_keys_secret_0000000000000001')).status).toBe(
      400,
    );
    const answer = await fetch(`${receiver.base}/deliveries/${other}?type=trade.completed&waitMs=200`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ tradeId: other, deliveries: [] });
  });

  it('counts redelivered event ids as duplicates in its stats', async () => {
    const trade = '55555555-5555-4555-8555-555555555555';
    await deliver(completed('evt_again', trade));
    await deliver(completed('evt_again', trade));
    const stats = (await (await fetch(`${receiver.base}/stats`)).json()) as Record<string, number>;
    expect(stats).toMatchObject({ duplicateEvents: 1, refused: 1 });
    expect(stats.verified).toBeGreaterThanOrEqual(3);
    expect(receiver.stats()).toEqual(stats);
  });
});
