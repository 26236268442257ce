import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { freezeMarket, resolveMarket } from '../chain/market-admin.js';
import { readMarketState } from '#shared/chain/market-reads.js';
import { readUsdcBalance, readWinners } from '#shared/chain/balances.js';
import { createOrganization } from '#shared/db/organizations/organizations.repository.js';
import { createPartner } from '#shared/db/partners/partners.repository.js';
import { createThread } from '#shared/db/threads/threads.repository.js';
import { findMarketById, insertMarket } from '#shared/db/markets/markets.repository.js';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

interface CreatedMarket {
  id: string;
  contractAddress: Address;
  chainId: number;
  outcomes: string[];
  status: string;
}

describe('foretell-admin markets', () => {
  let cli: AdminCliHarness;
  const stateOf = (address: Address) => readMarketState(cli.fixture.reader, address);
  const createMarketViaCli = async (...extra: string[]) => {
    const create = ['markets', 'create', '--question', 'Q?', '--outcomes', 'Yes,No'];
    const result = await cli.runJson<CreatedMarket>([...create, ...extra]);
    expect(result.code).toBe(0);
    return result.json;
  };

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
  });
  afterAll(() => cli.stop());

  describe('markets create', () => {
    it('deploys and seeds the contract, records the OPEN market and audits it', async () => {
      const endTime = new Date(Date.now() + 10 * 86_400_000);
      const flags = {
        '--question': 'Will it rain in Lisbon?',
        '--outcomes': 'Rain, Sun ,Snow',
        '--category': 'weather',
        '--description': 'Any rain at LIS',
        '--end-time': endTime.toISOString(),
        '--initial-reserve': '250.5',
        '--actor': 'ops:bob',
      };
      const result = await cli.runJson<CreatedMarket>([
        'markets',
        'create',
        '--featured',
        ...Object.entries(flags).flat(),
      ]);
      expect(result.code).toBe(0);
      expect(result.json).toEqual({
        id: expect.any(String),
        contractAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        chainId: cli.fixture.platform.chainId,
        outcomes: ['Rain', 'Sun', 'Snow'],
        status: 'OPEN',
      });
      expect(await stateOf(result.json.contractAddress)).toBe('OPEN');
      const reserve = await readUsdcBalance(cli.fixture.reader, {
        usdc: cli.fixture.platform.usdc,
        account: result.json.contractAddress,
      });
      expect(reserve).toBe(250_500_000n);
      const market = await findMarketById(cli.database.db, result.json.id);
      expect(market).toMatchObject({
        question: 'Will it rain in Lisbon?',
        description: 'Any rain at LIS',
        category: 'weather',
        status: 'OPEN',
        outcomes: ['Rain', 'Sun', 'Snow'],
        contractAddress: result.json.contractAddress,
        chainId: cli.fixture.platform.chainId,
        featured: true,
        threadId: null,
      });
      expect(market?.endTime?.getTime()).toBe(endTime.getTime());
      expect(market?.currentPrices?.reduce((sum, p) => sum + BigInt(p), 0n)).toBe(10n ** 18n);
      const [audit] = await cli.auditOf('market', result.json.id);
      expect(audit).toMatchObject({
        actor: 'ops:bob',
        action: 'markets.create',
        details: { contractAddress: result.json.contractAddress, initialReserveAtomic: '250500000' },
      });
    });

    it('after a create that deployed but could not record, records that contract under --id, sending nothing again', async () => {
      const db = cli.database.db;
      // The record step fails after the deploy (the audit table is out of reach).
      await db.raw('RENAME TABLE admin_audit_log TO admin_audit_log_away');
      let failed: Awaited<ReturnType<typeof cli.runJson<CliError>>>;
      try {
        failed = await cli.runJson<CliError>(['markets', 'create', '--question', 'Half done?', '--outcomes', 'Yes,No']);
      } finally {
        await db.raw('RENAME TABLE admin_audit_log_away TO admin_audit_log');
      }
      expect(failed.code).not.toBe(0);
      const named =
        /market contract (0x[0-9a-fA-F]{40}) is deployed for market ([0-9a-f-]{36}): run the same command with --id \2/.exec(
          failed.json.error.message,
        );
      expect(named).not.toBeNull();
      const [, contract, marketId] = named!;
      expect(await stateOf(contract as Address)).toBe('OPEN');
      const admin = cli.fixture.admin.account.address;
      const sentBefore = await cli.fixture.reader.publicClient.getTransactionCount({ address: admin });

      const again = await createMarketViaCli('--question', 'Half done?', '--id', marketId!);
      expect(again).toMatchObject({ id: marketId, contractAddress: contract, status: 'OPEN' });
      expect(await cli.fixture.reader.publicClient.getTransactionCount({ address: admin })).toBe(sentBefore);
      expect(await findMarketById(db, marketId!)).toMatchObject({ contractAddress: contract, status: 'OPEN' });
      // Recorded: the same id once more is refused, and nothing is sent.
      const twice = await cli.runJson<CliError>([
        'markets',
        'create',
        '--question',
        'Q?',
        '--outcomes',
        'Yes,No',
        '--id',
        marketId!,
      ]);
      expect(twice.json.error.code).toBe('MARKET_STATE_CONFLICT');
      expect(await cli.fixture.reader.publicClient.getTransactionCount({ address: admin })).toBe(sentBefore);
    });

    it('inherits the category, organization and partner of --thread', async () => {
      const org = await createOrganization(cli.database.db, {
        name: 'Org',
        slug: `org-${randomUUID()}`,
        displayName: 'Org',
        colorPrimary: '#112233',
      });
      const partner = await createPartner(cli.database.db, {
        organizationId: org.id,
        name: 'P',
        slug: `p-${randomUUID()}`,
      });
      const thread = await createThread(cli.database.db, {
        organizationId: org.id,
        partnerId: partner.id,
        title: 'T',
        status: 'active',
        category: 'sports',
      });
      const created = await createMarketViaCli('--thread', thread.id);
      expect(await findMarketById(cli.database.db, created.id)).toMatchObject({
        threadId: thread.id,
        organizationId: org.id,
        partnerId: partner.id,
        category: 'sports',
        featured: false,
      });
    });

    it('exits 3 for an unknown --thread, deploying nothing, and audits the refusal', async () => {
      const thread = randomUUID();
      const create = ['markets', 'create', '--question', 'Q', '--outcomes', 'A,B', '--thread', thread];
      const result = await cli.runAudited(['--json', ...create]);
      expect(result.code).toBe(3);
      expect(JSON.parse(result.out)).toMatchObject({ error: { code: 'RESOURCE_NOT_FOUND' } });
      expect(result.audits).toEqual([
        expect.objectContaining({
          action: 'markets.create',
          outcome: 'RESOURCE_NOT_FOUND',
          details: expect.objectContaining({ question: 'Q', outcomes: 'A,B', thread }),
        }),
      ]);
    });

    it.each([
      ['one outcome', ['--outcomes', 'Yes']],
      ['nine outcomes', ['--outcomes', 'a,b,c,d,e,f,g,h,i']],
      ['duplicate outcomes', ['--outcomes', 'Yes,yes']],
      ['an empty outcome', ['--outcomes', 'Yes,,No']],
      ['an end time in the past', ['--end-time', '2020-01-01T00:00:00Z']],
      ['an end time that is no date', ['--end-time', 'tomorrow']],
      ['a reserve below 1 USDC', ['--initial-reserve', '0.5']],
      ['a reserve with 7 decimals', ['--initial-reserve', '1.0000001']],
      ['a blank question', ['--question', '  ']],
    ])('exits 2 with VALIDATION_FAILED for %s', async (_name, flags) => {
      const create = ['markets', 'create', '--question', 'Q', '--outcomes', 'Yes,No'];
      const result = await cli.runJson<CliError>([...create, ...flags]);
      expect([result.code, result.json.error.code]).toEqual([2, 'VALIDATION_FAILED']);
    });
  });

  describe('markets freeze, resolve and cancel', () => {
    it('freezes an OPEN market on chain and in MySQL, then refuses to freeze it again', async () => {
      const created = await createMarketViaCli();
      const result = await cli.runJson(['markets', 'freeze', created.id]);
      expect(result.code).toBe(0);
      expect(result.json).toMatchObject({ id: created.id, status: 'FROZEN', txHash: expect.stringMatching(/^0x/) });
      expect(await stateOf(created.contractAddress)).toBe('FROZEN');
      expect((await findMarketById(cli.database.db, created.id))?.status).toBe('FROZEN');
      expect((await cli.auditOf('market', created.id))[0]).toMatchObject({
        action: 'markets.freeze',
        details: { from: 'OPEN', to: 'FROZEN', txHash: result.json.txHash },
      });

      const again = await cli.runJson<CliError>(['markets', 'freeze', created.id]);
      expect(again.code).toBe(4);
      expect(again.json.error).toEqual({
        code: 'MARKET_STATE_CONFLICT',
        message: expect.stringContaining('is FROZEN'),
      });
      expect((await cli.auditOf('market', created.id)).map((entry) => [entry.action, entry.outcome])).toEqual([
        ['markets.freeze', 'MARKET_STATE_CONFLICT'],
        ['markets.freeze', 'success'],
        ['markets.create', 'success'],
      ]);
    });

    it('resolves a FROZEN market with several winners, recording them and the resolve time', async () => {
      const created = await createMarketViaCli('--outcomes', 'A,B,C');
      await cli.run(['markets', 'freeze', created.id]);
      const before = Date.now();
      const result = await cli.runJson(['markets', 'resolve', created.id, '--winners', '2,0']);
      expect(result.code).toBe(0);
      expect(result.json).toMatchObject({ status: 'RESOLVED', winningOutcomes: [0, 2] });
      expect(await stateOf(created.contractAddress)).toBe('RESOLVED');
      expect(await readWinners(cli.fixture.reader, created.contractAddress)).toEqual([0, 2]);
      const market = await findMarketById(cli.database.db, created.id);
      expect(market).toMatchObject({ status: 'RESOLVED', winningOutcomes: [0, 2] });
      expect(market!.resolveTime!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect((await cli.auditOf('market', created.id))[0]).toMatchObject({
        action: 'markets.resolve',
        details: { from: 'FROZEN', winners: [0, 2] },
      });

      const cancel = await cli.runJson<CliError>(['markets', 'cancel', created.id]);
      expect([cancel.code, cancel.json.error.code]).toEqual([4, 'MARKET_STATE_CONFLICT']);
    });

    it.each([
      ['an index beyond the outcomes', '2'],
      ['a repeated index', '0,0'],
      ['a non-number', 'yes'],
      ['a negative index', '-1'],
    ])('exits 2 with VALIDATION_FAILED for --winners with %s, leaving the market OPEN', async (_name, winners) => {
      const created = await createMarketViaCli();
      const result = await cli.runJson<CliError>(['markets', 'resolve', created.id, '--winners', winners]);
      expect([result.code, result.json.error.code]).toEqual([2, 'VALIDATION_FAILED']);
      expect(await stateOf(created.contractAddress)).toBe('OPEN');
      const [audit] = await cli.auditOf('market', created.id);
      expect(audit).toMatchObject({ action: 'markets.resolve', outcome: 'VALIDATION_FAILED', details: { winners } });
    });

    it('exits 2 when --winners is missing', async () => {
      expect((await cli.run(['markets', 'resolve', randomUUID()])).code).toBe(2);
    });

    it('cancels an OPEN market, then refuses to resolve it', async () => {
      const created = await createMarketViaCli();
      const result = await cli.runJson(['markets', 'cancel', created.id]);
      expect(result.code).toBe(0);
      expect(result.json).toMatchObject({
        status: 'CANCELLED',
        winningOutcomes: null,
        resolveTime: expect.any(String),
      });
      expect(await stateOf(created.contractAddress)).toBe('CANCELLED');
      expect((await findMarketById(cli.database.db, created.id))?.status).toBe('CANCELLED');
      expect((await cli.auditOf('market', created.id))[0]?.action).toBe('markets.cancel');
      const resolve = await cli.runJson<CliError>(['markets', 'resolve', created.id, '--winners', '0']);
      expect(resolve.code).toBe(4);
      expect(resolve.json.error.message).toContain('is CANCELLED');
    });

    it.each(['freeze', 'cancel'])(
      'exits 3 with RESOURCE_NOT_FOUND when asked to %s an unknown market',
      async (action) => {
        const id = randomUUID();
        const result = await cli.runJson<CliError>(['markets', action, id]);
        expect([result.code, result.json.error.code]).toEqual([3, 'RESOURCE_NOT_FOUND']);
        expect((await cli.auditOf('market', id)).map((entry) => [entry.action, entry.outcome])).toEqual([
          [`markets.${action}`, 'RESOURCE_NOT_FOUND'],
        ]);
        expect((await cli.runJson<CliError>(['markets', action, 'not-a-uuid'])).code).toBe(3);
      },
    );

    it('exits 3 when asked to resolve an unknown market', async () => {
      expect((await cli.runJson(['markets', 'resolve', randomUUID(), '--winners', '0'])).code).toBe(3);
    });

    it('exits 4 for a market that has no contract', async () => {
      const market = await insertMarket(cli.database.db, { question: 'Q', category: 'c', outcomes: ['Y', 'N'] });
      const result = await cli.runJson<CliError>(['markets', 'freeze', market.id]);
      expect(result.code).toBe(4);
      expect(result.json.error.message).toContain('no contract');
    });

    it('records a transition the chain already made (an interrupted earlier run) without sending it again', async () => {
      const created = await createMarketViaCli();
      await freezeMarket(cli.fixture.admin, created.contractAddress);
      const result = await cli.runJson(['markets', 'freeze', created.id]);
      expect(result.code).toBe(0);
      expect(result.json).toMatchObject({ status: 'FROZEN', txHash: null });
    });

    it('with --dry-run runs every check and says what resolve would do, sending and recording nothing', async () => {
      const created = await createMarketViaCli('--outcomes', 'A,B,C');
      await cli.run(['markets', 'freeze', created.id]);
      const result = await cli.runJson(['markets', 'resolve', created.id, '--winners', '2,0', '--dry-run']);
      expect(result.code).toBe(0);
      expect(result.json).toEqual({
        dryRun: true,
        id: created.id,
        question: 'Q?',
        from: 'FROZEN',
        to: 'RESOLVED',
        winningOutcomes: [0, 2],
        contractAddress: created.contractAddress,
        sendsTransaction: true,
      });
      expect(await stateOf(created.contractAddress)).toBe('FROZEN');
      expect((await findMarketById(cli.database.db, created.id))?.status).toBe('FROZEN');
      expect((await cli.auditOf('market', created.id))[0]).toMatchObject({
        action: 'markets.resolve',
        outcome: 'success',
        details: { dryRun: true, sendsTransaction: true },
      });

      const human = await cli.run(['markets', 'cancel', created.id, '--dry-run']);
      expect(human.code).toBe(0);
      expect(human.out).toContain(`dry run: market ${created.id} would go FROZEN → CANCELLED`);
      expect(human.out).toContain('nothing was sent or recorded');
      expect(await stateOf(created.contractAddress)).toBe('FROZEN');
    });

    it('with --dry-run refuses what the transition would refuse, and tells when the chain already made it', async () => {
      const created = await createMarketViaCli();
      const badWinners = await cli.runJson<CliError>(['markets', 'resolve', created.id, '--winners', '5', '--dry-run']);
      expect([badWinners.code, badWinners.json.error.code]).toEqual([2, 'VALIDATION_FAILED']);

      await freezeMarket(cli.fixture.admin, created.contractAddress);
      const recordOnly = await cli.runJson(['markets', 'freeze', created.id, '--dry-run']);
      expect(recordOnly.json).toMatchObject({ from: 'OPEN', to: 'FROZEN', sendsTransaction: false });
      await cli.run(['markets', 'freeze', created.id]);
      const again = await cli.runJson<CliError>(['markets', 'freeze', created.id, '--dry-run']);
      expect([again.code, again.json.error.code]).toEqual([4, 'MARKET_STATE_CONFLICT']);
    });

    it('refuses when the chain and MySQL disagree on a state that forbids the transition', async () => {
      const created = await createMarketViaCli();
      await resolveMarket(cli.fixture.admin, { market: created.contractAddress, winners: [1] });
      const freeze = await cli.runJson<CliError>(['markets', 'freeze', created.id]);
      expect(freeze.code).toBe(4);
      expect(freeze.json.error.message).toContain('RESOLVED on chain');
      const otherWinners = await cli.runJson<CliError>(['markets', 'resolve', created.id, '--winners', '0']);
      expect(otherWinners.code).toBe(4);
      expect((await findMarketById(cli.database.db, created.id))?.status).toBe('OPEN');
      const sameWinners = await cli.runJson(['markets', 'resolve', created.id, '--winners', '1']);
      expect(sameWinners.json).toMatchObject({ status: 'RESOLVED', winningOutcomes: [1], txHash: null });
    });
  });
});
