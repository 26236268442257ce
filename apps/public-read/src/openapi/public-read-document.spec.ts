import { describe, expect, it } from '@jest/globals';
import { marketListStatuses, marketStates, marketStatusFilters } from '#shared/domain/market-status.js';
import { MAX_PAGE_LIMIT } from '#shared/domain/paging.js';
import { isOneByteString } from '#tooling/testing/string-representation.js';
import { MAX_HISTORY_POINTS } from '../use-cases/get-market-detail.use-case.js';
import { defaultOpenApiSettings, maxAgeAlternatives, publicReadDocument } from './public-read-document.js';

type Json = Record<string, unknown>;
const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (typeof node === 'object' && node !== null ? (node as Json)[key] : undefined),
    value,
  );

describe('the public read document states the configured limits', () => {
  it('at the defaults: 50/min for the threads list, 100/min elsewhere, a 10 s quote cache, 10 streams per address', () => {
    const document = publicReadDocument('1.0.0', defaultOpenApiSettings());
    expect(at(document, 'info', 'description')).toContain('threads list 50/min, every other endpoint 100/min');
    expect(at(document, 'paths', '/api/threads', 'get', 'description')).toBe(
      'Limited to 50 requests per minute per IP.',
    );
    const quote = at(document, 'paths', '/api/markets/{id}/quote', 'get');
    expect(at(quote, 'summary')).toContain('cached 10 s');
    expect(at(quote, 'responses', '200', 'headers', 'Cache-Control', 'schema', 'pattern')).toBe(
      '^public, max-age=([0-9]|10)$',
    );
    expect(at(document, 'paths', '/api/markets/{id}/stream', 'get', 'description')).toContain(
      'At most 10 open streams per client address',
    );
  });

  it('from other settings: the values the app runs with', () => {
    const document = publicReadDocument('1.0.0', {
      rateLimit: { windowMs: 30_000, threadsList: 7, default: 9 },
      quoteCacheSeconds: 3,
      marketStreamMaxPerIp: 4,
    });
    expect(at(document, 'info', 'description')).toContain('threads list 7 per 30 s, every other endpoint 9 per 30 s');
    expect(at(document, 'paths', '/api/threads', 'get', 'description')).toBe('Limited to 7 requests per 30 s per IP.');
    const quote = at(document, 'paths', '/api/markets/{id}/quote', 'get');
    expect(at(quote, 'summary')).toContain('cached 3 s');
    const pattern = new RegExp(String(at(quote, 'responses', '200', 'headers', 'Cache-Control', 'schema', 'pattern')));
    expect(['public, max-age=0', 'public, max-age=3'].every((value) => pattern.test(value))).toBe(true);
    expect(pattern.test('public, max-age=4')).toBe(false);
    expect(at(document, 'paths', '/api/markets/{id}/stream', 'get', 'description')).toContain('At most 4 open streams');
  });

  it('spells every max-age from 0 to the cache life', () => {
    const pattern = new RegExp(`^(${maxAgeAlternatives(12)})$`);
    expect(Array.from({ length: 14 }, (_, age) => pattern.test(String(age)))).toEqual([
      ...Array.from({ length: 13 }, () => true),
      false,
    ]);
  });
});

describe('the public read document states the values the code runs with', () => {
  const document = publicReadDocument('1.0.0');
  const schema = (name: string, property: string) =>
    at(document, 'components', 'schemas', name, 'properties', property);
  const parameters = Object.entries(at(document, 'paths') as Json).flatMap(([path, item]) =>
    ((at(item, 'get', 'parameters') ?? []) as Json[]).map((parameter) => ({
      path,
      name: parameter.name,
      schema: parameter.schema,
    })),
  );

  it('the market statuses of the domain (list, filter and detail forms)', () => {
    for (const item of ['MarketListItem', 'ThreadMarketItem', 'OrganizationMarketItem', 'TrendingMarketItem']) {
      expect(at(schema(item, 'status'), 'enum')).toEqual([...marketListStatuses]);
    }
    expect(at(schema('MarketDetail', 'status'), 'enum')).toEqual([...marketStates]);
    for (const path of ['/api/markets', '/api/organizations/{id}/markets']) {
      const status = parameters.find((parameter) => parameter.path === path && parameter.name === 'status');
      expect(at(status, 'schema', 'enum')).toEqual([...marketStatusFilters]);
    }
  });

  it('the page and history limits of the use cases', () => {
    const limits = parameters.filter(
      (parameter) => parameter.name === 'limit' && parameter.path !== '/api/markets/trending',
    );
    expect(limits.length).toBeGreaterThan(4);
    for (const limit of limits) expect(at(limit, 'schema', 'maximum')).toBe(MAX_PAGE_LIMIT);
    expect(at(schema('MarketDetailResponse', 'priceHistory'), 'maxItems')).toBe(MAX_HISTORY_POINTS);
    expect(at(schema('MarketDetail', 'priceHistory'), 'maxItems')).toBe(MAX_HISTORY_POINTS);
  });
});

describe('the public read document in memory', () => {
  it('holds its keys as one-byte strings, so JSON the presenters make with the same keys stays one-byte', () => {
    const keys = new Set<string>();
    const collect = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        keys.add(key);
        collect(value);
      }
    };
    collect(publicReadDocument('1.0.0'));
    expect(keys.size).toBeGreaterThan(100);
    expect([...keys].filter((key) => !isOneByteString(key))).toEqual([]);
  });
});
