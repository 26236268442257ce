import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  startAdminCliHarness,
  type AdminCliHarness,
  type CliError,
} from '#tooling/kits/admin-cli/admin-cli-harness.js';

/** 'é' is one character and two bytes of UTF-8: a TEXT column's 65,535-byte limit is reached at half the characters. */
const TWO_BYTE_CHARACTER = 'é';

describe('foretell-admin markets create: text that does not fit its column', () => {
  let cli: AdminCliHarness;
  const sentByAdmin = () =>
    cli.fixture.reader.publicClient.getTransactionCount({
      address: cli.fixture.admin.account.address,
      blockTag: 'pending',
    });
  const create = (question: string, ...extra: string[]) =>
    cli.runAudited(['--json', 'markets', 'create', '--question', question, '--outcomes', 'Yes,No', ...extra]);

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: true });
  });
  afterAll(() => cli.stop());

  it.each([
    ['a --description of 65,536 bytes in 32,768 characters', ['--description', TWO_BYTE_CHARACTER.repeat(32_768)]],
    ['a --category of 65 characters', ['--category', 'c'.repeat(65)]],
  ])('refuses %s with exit 2 VALIDATION_FAILED before leasing the key or sending anything', async (_name, flags) => {
    const question = `Too long ${randomUUID()}?`;
    const sentBefore = await sentByAdmin();
    const result = await create(question, ...flags);
    expect(result.code).toBe(2);
    expect((JSON.parse(result.out) as CliError).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(new RegExp(`^${flags[0]} must be`)),
    });
    expect(await sentByAdmin()).toBe(sentBefore);
    expect(await cli.database.db('markets').where({ question })).toHaveLength(0);
    expect(result.audits).toEqual([
      expect.objectContaining({ action: 'markets.create', outcome: 'VALIDATION_FAILED' }),
    ]);
  });

  it('names the byte limit of the description column and the size it was given', async () => {
    const result = await create('Q?', '--description', TWO_BYTE_CHARACTER.repeat(32_768));
    expect((JSON.parse(result.out) as CliError).error.message).toBe(
      '--description must be at most 65535 bytes of UTF-8 (got 65536 bytes)',
    );
  });

  it('records a description of exactly 65,535 bytes as given', async () => {
    const description = `${TWO_BYTE_CHARACTER.repeat(32_767)}a`;
    const result = await create('Just fits?', '--description', description);
    expect(result.code).toBe(0);
    const { id } = JSON.parse(result.out) as { id: string };
    const [row] = (await cli.database.db('markets').where({ id })) as Array<{ description: string }>;
    expect(row?.description).toBe(description);
  });
});
