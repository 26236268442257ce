import { describe, expect, it } from '@jest/globals';
import type { Request, RequestHandler, Response } from 'express';
import { createRouteTable } from './route-table.js';

/** Dispatches one request; resolves with the route that answered (and its params) or what reached next(). */
function dispatch(table: ReturnType<typeof createRouteTable>, method: string, url: string) {
  return new Promise<{ route?: string; params?: unknown; next?: unknown }>((resolve) => {
    const req = { method, url } as Request;
    const res = { answer: (route: string) => resolve({ route, params: req.params }) } as unknown as Response;
    void table.dispatch(req, res, (error?: unknown) => resolve({ next: error ?? 'next' }));
  });
}

const answer =
  (route: string): RequestHandler =>
  (_req, res) =>
    (res as unknown as { answer(route: string): void }).answer(route);

function marketsTable() {
  const table = createRouteTable();
  table.add('GET', '/api/markets/:id', answer('detail'));
  table.add('GET', '/api/markets/trending', answer('trending'));
  table.add('POST', '/v1/trades', answer('create'));
  return table;
}

describe('createRouteTable', () => {
  it('prefers a static segment over a parameter, whatever the registration order', async () => {
    const table = marketsTable();
    expect(await dispatch(table, 'GET', '/api/markets/trending')).toEqual({ route: 'trending', params: {} });
    expect(await dispatch(table, 'GET', '/api/markets/m-1?history=true')).toEqual({
      route: 'detail',
      params: { id: 'm-1' },
    });
  });

  it('never reads a path another method has as static as a parameter: that method there is the 404', async () => {
    const table = marketsTable();
    table.add('GET', '/v1/trades/:id', answer('trade'));
    table.add('POST', '/v1/trades/batch', answer('batch'));
    expect((await dispatch(table, 'POST', '/v1/trades/batch')).route).toBe('batch');
    expect(await dispatch(table, 'GET', '/v1/trades/batch')).toEqual({ next: 'next' });
    expect(await dispatch(table, 'GET', '/v1/trades/Batch/')).toEqual({ next: 'next' });
    expect(await dispatch(table, 'GET', '/v1/trades/t-1')).toEqual({ route: 'trade', params: { id: 't-1' } });
    // A wildcard (an API's unknown-path route) still answers another method there.
    table.add('PUT', '/v1/*', answer('unknown'));
    expect((await dispatch(table, 'PUT', '/v1/trades/batch')).route).toBe('unknown');
    // Whatever the registration order, and a route of that method at that path added later is served.
    const reversed = createRouteTable();
    reversed.add('POST', '/v1/trades/batch', answer('batch'));
    reversed.add('GET', '/v1/trades/:id', answer('trade'));
    expect(await dispatch(reversed, 'GET', '/v1/trades/batch')).toEqual({ next: 'next' });
    reversed.add('GET', '/v1/trades/batch', answer('batch list'));
    expect((await dispatch(reversed, 'GET', '/v1/trades/batch')).route).toBe('batch list');
    // The tree matches case and a trailing slash alike, and so does the real route that takes the entry's place.
    const spelled = createRouteTable();
    spelled.add('POST', '/v1/trades/batch', answer('batch'));
    spelled.add('GET', '/v1/trades/:id', answer('trade'));
    spelled.add('GET', '/V1/Trades/Batch/', answer('batch list'));
    expect((await dispatch(spelled, 'GET', '/v1/trades/batch')).route).toBe('batch list');
  });

  it('matches a parameter of any length, as Express does (the route itself refuses an over-long id)', async () => {
    const id = 'x'.repeat(2_000);
    expect(await dispatch(marketsTable(), 'GET', `/api/markets/${id}`)).toEqual({ route: 'detail', params: { id } });
  });

  it('matches like Express by default: any path case (parameters keep theirs), an optional trailing slash, HEAD', async () => {
    const table = marketsTable();
    expect(await dispatch(table, 'GET', '/API/Markets/AbC')).toEqual({ route: 'detail', params: { id: 'AbC' } });
    expect(await dispatch(table, 'GET', '/api/markets/m-1/')).toEqual({ route: 'detail', params: { id: 'm-1' } });
    expect((await dispatch(table, 'HEAD', '/api/markets/m-1')).route).toBe('detail');
    expect(await dispatch(table, 'GET', '/api/markets/a%20b')).toEqual({ route: 'detail', params: { id: 'a b' } });
  });

  it('hands unknown paths and methods to next() (the 404) and malformed encoding to the error handler as a 400', async () => {
    const table = marketsTable();
    expect(await dispatch(table, 'GET', '/api/nowhere')).toEqual({ next: 'next' });
    expect(await dispatch(table, 'GET', '/v1/trades')).toEqual({ next: 'next' });
    const bad = await dispatch(table, 'GET', '/api/markets/%E0%A4%A');
    expect(bad.next).toBeInstanceOf(URIError);
    expect((bad.next as { status: number }).status).toBe(400);
  });

  it('refuses the same method and path twice', () => {
    const table = marketsTable();
    expect(() => table.add('POST', '/v1/trades', answer('again'))).toThrow();
  });
});
