import { describe, expect, it } from '@jest/globals';
import { AppError } from '#shared/errors/app-error.js';
import { createAuditRedactor, MAX_AUDIT_TEXT, refusalOf } from './audit-details.js';

const pepper = 'f'.repeat(64);
const redactor = createAuditRedactor([pepper, 'short']);
const plaintextKey = `svc_test_${'a1B2'.repeat(8)}`;

describe('createAuditRedactor', () => {
  it('keeps plain arguments as JSON values, dropping undefined and turning bigint and Date into text', () => {
    expect(
      redactor.details({
        user: 'ops@example.test',
        limit: '50',
        count: 3,
        featured: true,
        scopes: ['markets:read'],
        amount: 12_500_000n,
        at: new Date('2027-01-31T18:00:00Z'),
        absent: undefined,
        none: null,
      }),
    ).toEqual({
      user: 'ops@example.test',
      limit: '50',
      count: 3,
      featured: true,
      scopes: ['markets:read'],
      amount: '12500000',
      at: '2027-01-31T18:00:00.000Z',
      none: null,
    });
  });

  it('masks the deployment secrets and plaintext-key shapes at any depth, but not short strings that happen to match', () => {
    expect(redactor.details({ name: `my ${pepper}`, nested: { list: [plaintextKey] }, note: 'a short word' })).toEqual({
      name: 'my [redacted]',
      nested: { list: ['[redacted]'] },
      note: 'a short word',
    });
  });

  it('clips long text', () => {
    const clipped = redactor.details({ description: 'x'.repeat(MAX_AUDIT_TEXT + 100) }).description as string;
    expect(clipped).toHaveLength(MAX_AUDIT_TEXT + 1);
    expect(clipped.endsWith('…')).toBe(true);
  });

  it.each([
    ['an empty id', '  ', null],
    ['an id longer than the column', 'k'.repeat(65), null],
    ['a pasted plaintext key', plaintextKey, null],
    ['the pasted pepper', pepper, null],
    ['a key id', ' 0b5e0c5e-6a4e-4f7e-9d55-9f4f9d0c2a11 ', '0b5e0c5e-6a4e-4f7e-9d55-9f4f9d0c2a11'],
  ])('files %s under the target id %j', (_name, id, expected) => {
    expect(redactor.targetId(id)).toBe(expected);
  });
});

describe('refusalOf', () => {
  it('keeps an AppError’s code and operator-facing detail', () => {
    const error = new AppError('ACTIVE_KEY_LIMIT_REACHED', { detail: 'The user already holds 5 active keys' });
    expect(refusalOf(error)).toEqual({
      outcome: 'ACTIVE_KEY_LIMIT_REACHED',
      reason: 'The user already holds 5 active keys',
    });
  });

  it('keeps the recovery facts of an error (a sent transaction, the id a create chose) and no other extension', () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    const marketId = '6f1c2a3b-0000-4000-8000-000000000001';
    const error = new AppError('DEPENDENCY_UNAVAILABLE', {
      detail: 'The transaction was not mined in time; it may still be',
      extensions: { txHash, marketId, revert: { nested: true }, contractAddress: 42 },
    });
    expect(refusalOf(error)).toEqual({
      outcome: 'DEPENDENCY_UNAVAILABLE',
      reason: 'The transaction was not mined in time; it may still be',
      txHash,
      marketId,
    });
  });

  it('files a database or network that does not answer as DEPENDENCY_UNAVAILABLE, as the CLI reports it', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    expect(refusalOf(refused)).toEqual({ outcome: 'DEPENDENCY_UNAVAILABLE', reason: 'unexpected Error' });
  });

  it('keeps only the class name of an unexpected error, whose message may quote SQL', () => {
    expect(refusalOf(new TypeError("insert into api_keys values ('…')"))).toEqual({
      outcome: 'INTERNAL_ERROR',
      reason: 'unexpected TypeError',
    });
  });
});
