import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address, Hex } from 'viem';
import { readUsdcBalance } from '#shared/chain/balances.js';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

/** Waits this long for each receipt (default 30 s), so a transaction anvil holds back fails the command quickly. */
const SHORT_RECEIPT_WAIT = { receiptTimeoutMs: 2_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('foretell-admin markets create when its deploy is not mined in time', () => {
  let cli: AdminCliHarness;
  const client = () => cli.fixture.reader.publicClient;
  const admin = () => cli.fixture.admin.account.address;
  const sentByAdmin = () => client().getTransactionCount({ address: admin(), blockTag: 'pending' });
  const minedOfAdmin = () => client().getTransactionCount({ address: admin(), blockTag: 'latest' });
  const create = (question: string, ...extra: string[]) => [
    'markets',
    'create',
    '--question',
    question,
    '--outcomes',
    'Yes,No',
    '--initial-reserve',
    '5',
    ...extra,
  ];

  /**
   * Turns automine off and mines the admin's next `count` transactions as they arrive (the create sends one at a
   * time: mint, approve, then the deploy); later ones stay in the pool until `release()` mines them.
   */
  const mineOnly = async (count: number) => {
    const { testClient } = cli.fixture.chain;
    const until = (await minedOfAdmin()) + count;
    await testClient.setAutomine(false);
    let running = true;
    const miner = (async () => {
      while (running) {
        const [mined, sent] = await Promise.all([minedOfAdmin(), sentByAdmin()]);
        if (sent > mined && mined < until) await testClient.mine({ blocks: 1 });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    return {
      async release() {
        running = false;
        await miner;
        await testClient.setAutomine(true);
        await testClient.mine({ blocks: 1 });
      },
    };
  };

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
  });
  afterAll(() => cli.stop());

  it('names the market id and the pending deploy, waits for it under --id, then records it without deploying again', async () => {
    const mining = await mineOnly(2);
    let marketId: string;
    let deployHash: Hex;
    try {
      const failed = await cli.runAudited(['--json', ...create('Slow deploy?')], {}, SHORT_RECEIPT_WAIT);
      expect(failed.code).toBe(69);
      const { error } = JSON.parse(failed.out) as CliError;
      expect(error).toEqual({
        code: 'DEPENDENCY_UNAVAILABLE',
        message: expect.stringContaining('not mined in time'),
        marketId: expect.stringMatching(UUID),
        txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
      marketId = error.marketId!;
      deployHash = error.txHash as Hex;
      expect(error.message).toContain(`run the same command with --id ${marketId}`);
      // The hash is the factory's createMarket, still in the pool.
      const deploy = await client().getTransaction({ hash: deployHash });
      expect(deploy).toMatchObject({ blockNumber: null, to: cli.fixture.platform.marketFactory.toLowerCase() });
      expect(failed.audits).toEqual([
        expect.objectContaining({
          action: 'markets.create',
          outcome: 'DEPENDENCY_UNAVAILABLE',
          details: expect.objectContaining({ marketId, txHash: deployHash }),
        }),
      ]);

      // Rerun with the id while the deploy is pending: refused, nothing sent (no second mint, approve or deploy).
      const sentBefore = await sentByAdmin();
      const waiting = await cli.runJson<CliError>(
        [...create('Slow deploy?', '--id', marketId)],
        {},
        SHORT_RECEIPT_WAIT,
      );
      expect([waiting.code, waiting.json.error.code]).toEqual([69, 'DEPENDENCY_UNAVAILABLE']);
      expect(waiting.json.error.message).toContain('sent and not yet mined');
      expect(await sentByAdmin()).toBe(sentBefore);
      expect(await findMarketById(cli.database.db, marketId)).toBeNull();
    } finally {
      await mining.release();
    }

    // Mined: the rerun records the contract the deploy created, sending nothing; the reserve was paid once.
    expect((await client().getTransactionReceipt({ hash: deployHash })).status).toBe('success');
    const sentBefore = await sentByAdmin();
    const recovered = await cli.runJson<{ id: string; contractAddress: Address }>([
      ...create('Slow deploy?', '--id', marketId),
    ]);
    expect(recovered.code).toBe(0);
    expect(recovered.json.id).toBe(marketId);
    expect(await sentByAdmin()).toBe(sentBefore);
    const reserve = await readUsdcBalance(cli.fixture.reader, {
      usdc: cli.fixture.platform.usdc,
      account: recovered.json.contractAddress,
    });
    expect(reserve).toBe(5_000_000n);
    expect(await findMarketById(cli.database.db, marketId)).toMatchObject({
      status: 'OPEN',
      contractAddress: recovered.json.contractAddress,
    });
  });

  it('prints the market id and the transaction of any send that timed out, and --id finishes the create', async () => {
    const mining = await mineOnly(0);
    let marketId: string;
    try {
      const failed = await cli.run(create('Slow mint?'), {}, SHORT_RECEIPT_WAIT);
      expect(failed.code).toBe(69);
      const named = /\n {2}transaction: 0x[0-9a-f]{64}\n {2}market id: ([0-9a-f-]{36})\n$/.exec(failed.err);
      expect(named).not.toBeNull();
      marketId = named![1]!;
      expect(failed.err).toContain(`--id ${marketId}`);
    } finally {
      await mining.release();
    }
    const finished = await cli.runJson<{ id: string; status: string }>([...create('Slow mint?', '--id', marketId)]);
    expect([finished.code, finished.json.id, finished.json.status]).toEqual([0, marketId, 'OPEN']);
  });
});
