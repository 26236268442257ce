import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address, Hex } from 'viem';
import { readMarketState } from '#shared/chain/market-reads.js';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

/** Waits this long for a receipt (default 30 s), so a transaction anvil does not mine fails the command quickly. */
const SHORT_RECEIPT_WAIT = { receiptTimeoutMs: 1_000 };
const TX_HASH = /^0x[0-9a-f]{64}$/;

describe('foretell-admin when a transaction it sent is not mined in time', () => {
  let cli: AdminCliHarness;
  const createMarket = async () => {
    const created = await cli.runJson<{ id: string; contractAddress: Address }>([
      'markets',
      'create',
      '--question',
      'Mined?',
      '--outcomes',
      'Yes,No',
    ]);
    expect(created.code).toBe(0);
    return created.json;
  };
  /** Runs with anvil holding every transaction in its pool, then mines what it holds. */
  const withoutMining = async <T>(run: () => Promise<T>): Promise<T> => {
    const { testClient } = cli.fixture.chain;
    await testClient.setAutomine(false);
    try {
      return await run();
    } finally {
      await testClient.setAutomine(true);
      await testClient.mine({ blocks: 1 });
    }
  };
  const pending = (hash: Hex) => cli.fixture.reader.publicClient.getTransaction({ hash });

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
  });
  afterAll(() => cli.stop());

  it('prints the hash of the sent freeze inside the --json error and keeps it in the audit entry', async () => {
    const market = await createMarket();
    const hash = await withoutMining(async () => {
      const result = await cli.runJson<CliError>(['markets', 'freeze', market.id], {}, SHORT_RECEIPT_WAIT);
      expect(result.code).toBe(69);
      expect(result.json.error).toEqual({
        code: 'DEPENDENCY_UNAVAILABLE',
        message: expect.stringContaining('not mined in time'),
        txHash: expect.stringMatching(TX_HASH),
      });
      const txHash = result.json.error.txHash as Hex;
      // The hash names the freeze the node holds, not yet in a block.
      expect(await pending(txHash)).toMatchObject({ blockNumber: null, to: market.contractAddress.toLowerCase() });
      const [audit] = await cli.auditOf('market', market.id);
      expect(audit).toMatchObject({
        action: 'markets.freeze',
        outcome: 'DEPENDENCY_UNAVAILABLE',
        details: { txHash, reason: expect.stringContaining('not mined in time') },
      });
      return txHash;
    });
    // With the hash the operator can tell the freeze did happen, and record it without sending it again.
    expect((await cli.fixture.reader.publicClient.getTransactionReceipt({ hash })).status).toBe('success');
    expect(await readMarketState(cli.fixture.reader, market.contractAddress)).toBe('FROZEN');
    const recorded = await cli.runJson(['markets', 'freeze', market.id]);
    expect(recorded.json).toMatchObject({ status: 'FROZEN', txHash: null });
  });

  it('prints the hash on stderr under the human error line', async () => {
    const market = await createMarket();
    await withoutMining(async () => {
      const result = await cli.run(['markets', 'cancel', market.id], {}, SHORT_RECEIPT_WAIT);
      expect(result.code).toBe(69);
      expect(result.out).toBe('');
      const printed =
        /^error: DEPENDENCY_UNAVAILABLE: .*not mined in time.*\n {2}transaction: (0x[0-9a-f]{64})\n$/.exec(result.err);
      expect(printed).not.toBeNull();
      expect(await pending(printed![1] as Hex)).toMatchObject({ blockNumber: null });
    });
    expect(await readMarketState(cli.fixture.reader, market.contractAddress)).toBe('CANCELLED');
  });
});
