import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { errorForLog, isRetryableError } from './error-classification.js';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isRetryableError', () => {
  it('follows an AppError retry flag, catalogue default or override', () => {
    expect(isRetryableError(new AppError('DEPENDENCY_UNAVAILABLE'))).toBe(true);
    expect(isRetryableError(new AppError('MARKET_NOT_TRADEABLE'))).toBe(false);
    expect(isRetryableError(new AppError('INTERNAL_ERROR', { retry: true }))).toBe(true);
    expect(isRetryableError(new AppError('DEPENDENCY_UNAVAILABLE', { retry: false }))).toBe(false);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT'])(
    'retries the transient failure %s',
    (code) => {
      expect(isRetryableError(withCode(code))).toBe(true);
    },
  );

  it('retries a knex pool timeout', () => {
    const timeout = new Error('Knex: Timeout acquiring a connection');
    timeout.name = 'KnexTimeoutError';
    expect(isRetryableError(timeout)).toBe(true);
  });

  it.each([
    "Can't add new command when connection is in closed state",
    "ROLLBACK - Can't add new command when connection is in closed state",
  ])(
    'retries a query on a MySQL connection that died under it: %s (issue 17: a MariaDB restart parked messages)',
    (message) => {
      expect(isRetryableError(Object.assign(new Error(message), { fatal: true }))).toBe(true);
    },
  );

  it('retries a Redis command sent while ioredis is not connected (it keeps no offline queue)', () => {
    expect(isRetryableError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
  });

  it('gives a transient failure to a log as its code and message, anything else whole', () => {
    expect(errorForLog(withCode('ECONNRESET'))).toEqual({ code: 'ECONNRESET', message: expect.any(String) });
    const bug = new TypeError('x is undefined');
    expect(errorForLog(bug)).toBe(bug);
  });

  it('finds a transient failure in the cause chain of a plain error', () => {
    expect(isRetryableError(new Error('rpc failed', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('lets an AppError decide even when its cause is transient', () => {
    const error = new AppError('INTERNAL_ERROR', { cause: withCode('ECONNRESET') });
    expect(isRetryableError(error)).toBe(false);
  });

  it('does not retry bugs, validation failures or unknown values', () => {
    expect(isRetryableError(new TypeError('x is undefined'))).toBe(false);
    expect(isRetryableError(z.object({ a: z.string() }).safeParse({}).error)).toBe(false);
    expect(isRetryableError(withCode('ER_DUP_ENTRY'))).toBe(false);
    expect(isRetryableError('boom')).toBe(false);
    expect(isRetryableError(undefined)).toBe(false);
  });

  it('survives a cyclic cause chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as Error & { cause?: unknown }).cause = b;
    expect(isRetryableError(a)).toBe(false);
  });
});
