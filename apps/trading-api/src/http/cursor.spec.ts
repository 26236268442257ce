import { describe, expect, it } from '@jest/globals';
import { keysetPage, resolvePageLimit } from '#shared/domain/paging.js';
import { AppError } from '#shared/errors/app-error.js';
import { presentKeysetPagination } from '../presenters/pagination.presenter.js';
import {
  CURSOR_MAX_AGE_MS,
  createCursorCodec,
  deriveCursorSecret,
  hashCursorContext,
  type CursorContext,
} from './cursor.js';

const context: CursorContext = { route: 'GET /v1/markets', filters: { status: 'active', category: 'sport' } };
const position = { sortKey: new Date('2026-11-01T10:00:00.123Z'), id: '0b8e4a52-6f0e-4d8a-9a55-2d6f3f0c9b11' };

function codecAt(start = 1_800_000_000_000) {
  let clock = start;
  const codec = createCursorCodec({ secret: deriveCursorSecret('pepper'), now: () => clock });
  return { codec, advance: (ms: number) => (clock += ms) };
}

function expectRefused(run: () => unknown, detail: RegExp) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    expect((error as AppError).detail).toMatch(detail);
    return;
  }
  throw new Error('expected the cursor to be refused');
}

describe('cursor codec', () => {
  it('round-trips the position and is opaque (no plain id or filters in it)', () => {
    const { codec } = codecAt();
    const token = codec.encode(context, position);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('sport');
    expect(codec.decode(token, context)).toEqual(position);
  });

  it('ignores member order and undefined filters when binding to filters', () => {
    const { codec } = codecAt();
    const token = codec.encode(context, position);
    const same: CursorContext = {
      route: context.route,
      filters: { category: 'sport', threadId: undefined, status: 'active' },
    };
    expect(codec.decode(token, same)).toEqual(position);
    expect(hashCursorContext(same)).toBe(hashCursorContext(context));
  });

  it('refuses a cursor used with other filters or on another route', () => {
    const { codec } = codecAt();
    const token = codec.encode(context, position);
    expectRefused(() => codec.decode(token, { ...context, filters: { status: 'all', category: 'sport' } }), /filters/);
    expectRefused(() => codec.decode(token, { ...context, filters: { status: 'active' } }), /filters/);
    expectRefused(() => codec.decode(token, { route: 'GET /v1/trades', filters: context.filters }), /filters/);
  });

  it('refuses a tampered payload, a tampered signature, a cursor signed with another secret and garbage', () => {
    const { codec } = codecAt();
    const token = codec.encode(context, position);
    const [body, signature] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, t: Date.now() + 1e12 })).toString('base64url');
    expectRefused(() => codec.decode(`${forged}.${signature}`, context), /not valid/);
    expectRefused(() => codec.decode(`${body}.${signature.slice(0, -2)}AA`, context), /not valid/);
    const other = createCursorCodec({ secret: deriveCursorSecret('other-pepper') });
    expectRefused(() => codec.decode(other.encode(context, position), context), /not valid/);
    expectRefused(() => codec.decode('not-a-cursor', context), /malformed/);
    expectRefused(() => codec.decode('a.b.c', context), /malformed/);
  });

  it('during a pepper rotation verifies cursors signed under the previous pepper and signs new ones with the current', () => {
    const before = createCursorCodec({ secret: deriveCursorSecret('old-pepper') });
    const rotating = createCursorCodec({
      secret: deriveCursorSecret('new-pepper'),
      previousSecret: deriveCursorSecret('old-pepper'),
    });
    const after = createCursorCodec({ secret: deriveCursorSecret('new-pepper') });
    const issuedBefore = before.encode(context, position);
    expect(rotating.decode(issuedBefore, context)).toEqual(position);
    expectRefused(() => after.decode(issuedBefore, context), /not valid/);
    expect(after.decode(rotating.encode(context, position), context)).toEqual(position);
    const other = createCursorCodec({ secret: deriveCursorSecret('other-pepper') }).encode(context, position);
    expectRefused(() => rotating.decode(other, context), /not valid/);
  });

  it('accepts a cursor at least 7 days old, and refuses it 7 days after the end of the hour it was issued in', () => {
    const { codec, advance } = codecAt();
    const token = codec.encode(context, position);
    advance(CURSOR_MAX_AGE_MS);
    expect(codec.decode(token, context)).toEqual(position);
    advance(60 * 60_000 + 1);
    expectRefused(() => codec.decode(token, context), /expired/);
  });

  it('gives the same page the same cursor within the hour it is issued in', () => {
    const { codec, advance } = codecAt();
    const issued = codec.encode(context, position);
    advance(1_000);
    expect(codec.encode(context, position)).toBe(issued);
  });
});

describe('page limits and pages', () => {
  it('applies the default, clamps to 100 and ignores nonsense', () => {
    expect(resolvePageLimit(undefined, 20)).toBe(20);
    expect(resolvePageLimit(7, 20)).toBe(7);
    expect(resolvePageLimit(100, 50)).toBe(100);
    expect(resolvePageLimit(101, 50)).toBe(100);
    expect(resolvePageLimit(10_000, 50)).toBe(100);
    expect(resolvePageLimit(0, 50)).toBe(50);
  });

  it('cuts limit + 1 rows into a page with a cursor after its last row; null cursor on the last page', () => {
    const rows = [1, 2, 3].map((n) => ({ id: `id-${n}`, at: new Date(n) }));
    const positionOf = (row: { id: string; at: Date }) => ({ sortKey: row.at, id: row.id });
    const paginate = (page: typeof rows) => {
      const cut = keysetPage(page, 2, positionOf);
      return { items: cut.items, pagination: presentKeysetPagination(cut, (p) => `after:${p.id}`) };
    };
    const full = paginate(rows);
    expect(full.items).toHaveLength(2);
    expect(full.pagination).toEqual({ cursor: 'after:id-2', hasMore: true, limit: 2 });
    const last = paginate(rows.slice(0, 2));
    expect(last.pagination).toEqual({ cursor: null, hasMore: false, limit: 2 });
  });
});
