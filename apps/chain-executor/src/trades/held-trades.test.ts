/* The held-trades heartbeat against a real MariaDB: a live worker's trade never looks stalled, a silent one does. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueApiKey } from '../../../admin-cli/src/keys/issue-api-key.js';
import { DEVELOPMENT_PEPPER } from '#shared/config/config-fields.js';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { listStalledTrades } from '#shared/db/trades/trade-lists.repository.js';
import { findTradeById, insertTrade } from '#shared/db/trades/trades.repository.js';
import { createUser } from '#shared/db/users/users.repository.js';
import { createLogger } from '#shared/logger/logger.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { startHeldTrades } from './held-trades.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.destroy());

/** An executing trade last moved ten minutes ago. */
async function executingTrade() {
  const user = await createUser(test.db, { email: `held-${Date.now()}-${Math.random()}@example.test` });
  const market = await insertMarket(test.db, { question: 'Q?', category: 'misc', outcomes: ['Yes', 'No'] });
  const { record: key } = await issueApiKey(test.db, DEVELOPMENT_PEPPER, { userId: user.id, tier: 'mm', env: 'test' });
  const trade = await insertTrade(test.db, {
    apiKeyId: key.id,
    userId: user.id,
    marketId: market.id,
    outcomeIndex: 0,
    side: 'buy',
    amount: '1',
    amountAtomic: 1_000_000n,
    requestHash: 'f'.repeat(64),
    status: 'executing',
  });
  await test
    .db('trades')
    .where({ id: trade.id })
    .update({ updated_at: new Date(Date.now() - 600_000) });
  return (await findTradeById(test.db, trade.id))!;
}

const stalledIds = async (before: Date) =>
  (await listStalledTrades(test.db, ['executing'], before, 100)).map((trade) => trade.id);

describe('held trades', () => {
  it('says a held trade alive while its work runs, without touching updated_at, and stops once it ends', async () => {
    const trade = await executingTrade();
    const held = startHeldTrades(
      { db: test.db, logger: createLogger({ name: 'held-trades-test', level: 'silent' }), now: () => new Date() },
      50,
    );
    const stalledAfter = () => new Date(Date.now() - 60_000);
    expect(await stalledIds(stalledAfter())).toContain(trade.id);
    let finish: () => void = () => undefined;
    const work = held.during(trade.id, () => new Promise<void>((resolve) => (finish = resolve)));
    try {
      await waitFor('a heartbeat', async () => !(await stalledIds(stalledAfter())).includes(trade.id));
      const seen = await findTradeById(test.db, trade.id);
      expect(seen?.updatedAt.getTime()).toBe(trade.updatedAt.getTime());
    } finally {
      finish();
      await work;
    }
    const [{ seenAt }] = await test.db('trades').where({ id: trade.id }).select({ seenAt: 'worker_seen_at' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [{ seenAt: later }] = await test.db('trades').where({ id: trade.id }).select({ seenAt: 'worker_seen_at' });
    expect(later).toEqual(seenAt);
    // Silent since: stalled once the window has passed its last word.
    expect(await stalledIds(new Date(Date.now() + 1_000))).toContain(trade.id);
    held.stop();
  });

  it('keeps a trade held while another hold of it still runs', async () => {
    const trade = await executingTrade();
    const held = startHeldTrades(
      { db: test.db, logger: createLogger({ name: 'held-trades-test', level: 'silent' }), now: () => new Date() },
      50,
    );
    let finishOuter: () => void = () => undefined;
    const outer = held.during(trade.id, () => new Promise<void>((resolve) => (finishOuter = resolve)));
    await held.during(trade.id, async () => undefined);
    const marked = () => test.db('trades').where({ id: trade.id }).first({ seenAt: 'worker_seen_at' });
    await test
      .db('trades')
      .where({ id: trade.id })
      .update({ worker_seen_at: null, updated_at: test.db.ref('updated_at') });
    await waitFor('a heartbeat after the inner hold ended', async () => (await marked())?.seenAt !== null);
    finishOuter();
    await outer;
    held.stop();
  });
});
