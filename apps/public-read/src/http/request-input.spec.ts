import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { isAppError } from '#shared/errors/app-error.js';
import { publicReadDocument } from '../openapi/public-read-document.js';
import { createPublicRequestInput } from './request-input.js';

const input = createPublicRequestInput(publicReadDocument('1.0.0'));

/** A GET request as Express hands it to a route (the simple query parser: strings, arrays when repeated). */
function get(path: string, query: Record<string, string | string[]>, params: Record<string, string> = {}): Request {
  const search = Object.entries(query)
    .flatMap(([name, value]) => [value].flat().map((item) => `${name}=${encodeURIComponent(item)}`))
    .join('&');
  const req: Partial<Request> = { method: 'GET', path, originalUrl: `${path}?${search}`, query, params, headers: {} };
  return Object.assign(Object.create(null), req);
}

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('reading the query through the OpenAPI document', () => {
  it('applies the documented defaults', () => {
    expect(input.read('listThreads', get('/api/threads', {})).query).toEqual({
      limit: 20,
      offset: 0,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(input.read('listMarkets', get('/api/markets', {})).query).toEqual({
      status: 'active',
      limit: 50,
      offset: 0,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
  });

  it('keeps thread_id (the alias the route folds into threadId) and parses tags and integers', () => {
    expect(input.read('listMarkets', get('/api/markets', { thread_id: 't1', limit: '100' })).query).toMatchObject({
      thread_id: 't1',
      limit: 100,
    });
    expect(input.read('listThreads', get('/api/threads', { tags: ' a, ,b ' })).query).toMatchObject({
      tags: ['a', 'b'],
    });
  });

  it('names every bad, repeated and unknown parameter in one 400', () => {
    const error = errorOf(() =>
      input.read('listThreads', get('/api/threads', { limit: '0', offset: ['1', '2'], nope: 'x' })),
    );
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.status).toBe(400);
    expect(error.detail).toContain('"limit" must be an integer from 1 to 100');
    expect(error.detail).toContain('"offset" must be given at most once');
    expect(error.detail).toContain('"nope" is not a parameter of this endpoint');
  });

  it('names unknown parameters as sent, an empty name and __proto__ included', () => {
    const query: Record<string, string> = Object.fromEntries([
      ['', 'x'],
      ['__proto__', 'y'],
    ]);
    expect(errorOf(() => input.read('listThreads', get('/api/threads', query))).detail).toBe(
      'Invalid query parameters: "" is not a parameter of this endpoint; "__proto__" is not a parameter of this endpoint.',
    );
  });

  it('reports missing required parameters (the quote route labels the 400 ValidationError: quote.routes.test.ts)', () => {
    const quote = (query: Record<string, string>) => get('/api/markets/m1/quote', query, { id: 'm1' });
    const error = errorOf(() => input.read('getMarketQuote', quote({ action: 'buy', amount: '0' })));
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.detail).toContain('"outcomeIndex" is required');
    expect(error.detail).toContain('"amount" must be greater than zero');
  });

  it('accepts quote amounts up to uint256 (the route reads them as bigint)', () => {
    const quote = (amount: string) =>
      get('/api/markets/m1/quote', { outcomeIndex: '1', action: 'sell', amount }, { id: 'm1' });
    const max = (2n ** 256n - 1n).toString();
    expect(BigInt(input.read('getMarketQuote', quote(max)).query.amount)).toBe(2n ** 256n - 1n);
    expect(errorOf(() => input.read('getMarketQuote', quote((2n ** 256n).toString()))).detail).toContain('below 2^256');
  });
});
