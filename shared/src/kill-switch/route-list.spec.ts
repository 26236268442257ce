import { describe, expect, it } from '@jest/globals';
import { parseRouteList, sameRouteList } from './route-list.js';

describe('parseRouteList', () => {
  it('splits a comma-separated ConfigMap value into route ids', () => {
    expect(parseRouteList('POST /v1/trades, GET /api/markets/:id/quote')).toEqual([
      'POST /v1/trades',
      'GET /api/markets/:id/quote',
    ]);
  });

  it('accepts one id per line with # comments and blank lines', () => {
    const text = [
      '# incident 42: halt trading',
      'POST /v1/trades',
      '',
      'POST /v1/trades/:id/confirm  # also confirms',
      '   ',
    ].join('\n');
    expect(parseRouteList(text)).toEqual(['POST /v1/trades', 'POST /v1/trades/:id/confirm']);
  });

  it('handles CRLF line endings and mixed separators', () => {
    expect(parseRouteList('GET /a,\r\nGET /b\r\nGET /c,GET /d')).toEqual(['GET /a', 'GET /b', 'GET /c', 'GET /d']);
  });

  it('trims, collapses inner whitespace and drops duplicates keeping the first order', () => {
    expect(parseRouteList('  POST   /v1/trades ,POST /v1/trades,\tGET\t/x ')).toEqual(['POST /v1/trades', 'GET /x']);
  });

  it('keeps the * wildcard and keeps ids case-sensitive', () => {
    expect(parseRouteList('*, get /v1/trades')).toEqual(['*', 'get /v1/trades']);
  });

  it('returns an empty list for empty, blank or comment-only text', () => {
    expect(parseRouteList('')).toEqual([]);
    expect(parseRouteList(' ,\n,, ')).toEqual([]);
    expect(parseRouteList('# nothing disabled')).toEqual([]);
  });
});

describe('sameRouteList', () => {
  it('ignores order but not content', () => {
    expect(sameRouteList(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameRouteList(['a'], ['a', 'b'])).toBe(false);
    expect(sameRouteList(['a', 'b'], ['a', 'c'])).toBe(false);
  });
});
