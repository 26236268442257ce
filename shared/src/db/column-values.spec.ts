import { describe, expect, it } from '@jest/globals';
import { toBigInt, toBoolean, toInt, toOneOf, wadToDecimalString } from './column-values.js';
import { rowsOfRaw } from './transaction.js';
import { isDuplicateKeyError } from './mysql-errors.js';

describe('column values', () => {
  it('turns BIGINT/DECIMAL strings into exact bigints, beyond 2^64 too', () => {
    expect(toBigInt('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(toBigInt(42)).toBe(42n);
    expect(() => toBigInt('1.5')).toThrow(TypeError);
    expect(() => toBigInt(0.1)).toThrow(TypeError);
  });

  it('refuses counters outside the safe integer range', () => {
    expect(toInt('12')).toBe(12);
    expect(() => toInt('9007199254740993')).toThrow(TypeError);
  });

  it('reads MySQL booleans', () => {
    expect([toBoolean(1), toBoolean(0), toBoolean('1'), toBoolean(true), toBoolean(null)]).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it('writes WAD-18 integers as exact decimals', () => {
    expect(wadToDecimalString('500000000000000000')).toBe('0.500000000000000000');
    expect(wadToDecimalString(10n ** 18n)).toBe('1.000000000000000000');
    expect(wadToDecimalString('1')).toBe('0.000000000000000001');
    expect(wadToDecimalString('-25000000000000000')).toBe('-0.025000000000000000');
  });
});

describe('isDuplicateKeyError', () => {
  const duplicate = (sqlMessage: string) => ({ code: 'ER_DUP_ENTRY', sqlMessage });

  it('matches the index name as MariaDB and MySQL 8 report it', () => {
    expect(
      isDuplicateKeyError(duplicate("Duplicate entry 'a' for key 'users_email_unique'"), 'users_email_unique'),
    ).toBe(true);
    expect(
      isDuplicateKeyError(duplicate("Duplicate entry 'a' for key 'users.users_email_unique'"), 'users_email_unique'),
    ).toBe(true);
    expect(isDuplicateKeyError(duplicate("Duplicate entry 'a' for key 'PRIMARY'"), 'users_email_unique')).toBe(false);
  });

  it('is false for other errors', () => {
    expect(isDuplicateKeyError(new Error('boom'))).toBe(false);
    expect(isDuplicateKeyError({ code: 'ER_NO_REFERENCED_ROW_2' })).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});

describe('toOneOf', () => {
  it('answers the value when the column holds one of the allowed values', () => {
    expect(toOneOf(['buy', 'sell'] as const, 'sell', 'trades.side')).toBe('sell');
  });

  it('fails loudly, naming the column, when it holds anything else', () => {
    expect(() => toOneOf(['buy', 'sell'] as const, 'hold', 'trades.side')).toThrow(
      'trades.side holds hold, not one of buy, sell',
    );
    expect(() => toOneOf(['buy', 'sell'] as const, null, 'trades.side')).toThrow('trades.side holds null');
  });
});

describe('rowsOfRaw', () => {
  it('answers the rows of a mysql2 [rows, fields] result and refuses any other shape', () => {
    expect(rowsOfRaw([[{ id: 1 }], []])).toEqual([{ id: 1 }]);
    expect(() => rowsOfRaw({ rows: [] })).toThrow('a raw SELECT answered no rows array');
    expect(() => rowsOfRaw([{ id: 1 }])).toThrow('a raw SELECT answered no rows array');
  });
});
