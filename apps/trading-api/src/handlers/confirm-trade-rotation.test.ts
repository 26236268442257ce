/*
 * A high-value trade placed by a replica still on the previous API-key pepper, confirmed on one that runs the
 * rotation (API_KEY_PEPPER_PREVIOUS, decision 0030): its token still replays and confirms; new trades get tokens
 * under the current pepper.
 */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { deriveConfirmationKeys, issueConfirmationToken } from '../domain/confirmation-token.js';
import { callAs, TEST_PEPPER } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingChainKit } from '#tooling/kits/trading-api/suite-kit.js';

const NEW_PEPPER = 'the-trading-api-pepper-after-rotation-0002';
const chainKit = useTradingChainKit({ apiKeyPepper: NEW_PEPPER, apiKeyPepperPrevious: TEST_PEPPER });

describe('confirmation tokens across an API-key pepper rotation', () => {
  it('replays and confirms a token the previous pepper issued, and issues new ones under the current pepper', async () => {
    const trader = await chainKit.createTrader({ highValueThreshold: 20_000_000n, confirmationWindowS: 30 });
    const body = { marketId: chainKit.marketId, outcomeIndex: 0, amount: '20', side: 'buy' };
    const headers = { 'Idempotency-Key': randomUUID() };
    const placed = await callAs(chainKit.kit, trader, 'POST', '/v1/trades', { body, headers });
    expect(placed.status).toBe(202);
    const tradeId = (placed.json.trade as { id: string }).id;
    const issuedNow = (placed.json.confirmation as { token: string }).token;
    expect(issuedNow).toBe(issueConfirmationToken(deriveConfirmationKeys(NEW_PEPPER), tradeId).token);

    // The same trade as a replica still on the previous pepper would have stored it.
    const before = issueConfirmationToken(deriveConfirmationKeys(TEST_PEPPER), tradeId);
    await chainKit.kit.database.db('trades').where({ id: tradeId }).update({ confirmation_token_hash: before.hash });

    const replay = await callAs(chainKit.kit, trader, 'POST', '/v1/trades', { body, headers });
    expect(replay.status).toBe(202);
    expect(replay.json.confirmation).toMatchObject({ token: before.token });
    const confirm = (token: string) =>
      callAs(chainKit.kit, trader, 'POST', `/v1/trades/${tradeId}/confirm`, { body: { token } });
    const wrong = await confirm(issuedNow);
    expectProblemCode(wrong, 409, 'CONFIRMATION_TOKEN_INVALID');
    const confirmed = await confirm(before.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.trade).toMatchObject({ id: tradeId, status: 'pending' });
  });
});
