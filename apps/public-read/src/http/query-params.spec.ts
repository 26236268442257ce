import { describe, expect, it } from '@jest/globals';
import { isAppError } from '#shared/errors/index.js';
import { marketListQuerySchema, quoteQuerySchema } from '../schemas/market-queries.schema.js';
import { threadListQuerySchema } from '../schemas/thread-queries.schema.js';
import { parseQuery } from './query-params.js';

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('query parsing', () => {
  it('applies the documented defaults', () => {
    expect(parseQuery(threadListQuerySchema, {})).toEqual({
      limit: 20,
      offset: 0,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(parseQuery(marketListQuerySchema, {})).toEqual({
      status: 'active',
      limit: 50,
      offset: 0,
      sortBy: 'created_at',
      sortOrder: 'desc',
      threadId: undefined,
    });
  });

  it('turns thread_id into threadId and parses tags and integers', () => {
    expect(parseQuery(marketListQuerySchema, { thread_id: 't1', limit: '100' })).toMatchObject({
      threadId: 't1',
      limit: 100,
    });
    expect(parseQuery(threadListQuerySchema, { tags: ' a, ,b ' })).toMatchObject({ tags: ['a', 'b'] });
  });

  it('names every bad, repeated and unknown parameter in one 400', () => {
    const error = errorOf(() => parseQuery(threadListQuerySchema, { limit: '0', offset: ['1', '2'], nope: 'x' }));
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.status).toBe(400);
    expect(error.detail).toContain('"limit" must be an integer from 1 to 100');
    expect(error.detail).toContain('"offset" must be given at most once');
    expect(error.detail).toContain('"nope" is not a parameter of this endpoint');
  });

  it('reports missing required parameters (the quote route labels the 400 ValidationError: quote.routes.test.ts)', () => {
    const error = errorOf(() => parseQuery(quoteQuerySchema, { action: 'buy', amount: '0' }));
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.detail).toContain('"outcomeIndex" is required');
    expect(error.detail).toContain('"amount" must be greater than zero');
  });

  it('accepts quote amounts up to uint256 and parses them as bigint', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(parseQuery(quoteQuerySchema, { outcomeIndex: '1', action: 'sell', amount: max }).amount).toBe(
      2n ** 256n - 1n,
    );
    expect(
      errorOf(() =>
        parseQuery(quoteQuerySchema, { outcomeIndex: '1', action: 'sell', amount: (2n ** 256n).toString() }),
      ).detail,
    ).toContain('below 2^256');
  });
});
