/*
 * Opaque pagination cursors (DESIGN.md §6 "Cursors"): base64url(JSON payload) + "." + base64url(HMAC-SHA256).
 * The payload carries the sort key of the last row served (epoch ms of created_at / block_time), its id, a hash of
 * the route and filters the page was read with, and the issue time. A cursor is refused (400 VALIDATION_FAILED) when
 * its signature does not verify, when it is presented with other filters (or on another route), or when it is older
 * than 7 days. Pages are keyset pages on (sort key, id) descending, so rows inserted during a walk never shift it.
 * Handlers decode a cursor into the position the use case continues after; presenters encode the next one.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { KeysetPosition } from '#shared/domain/paging.js';
import { AppError } from '#shared/errors/app-error.js';

export const CURSOR_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A cursor's issue time is the hour it was issued in, so the same page gives the same cursor (and the same ETag: a
 * list page that has not changed answers 304) for an hour; a cursor lives 7 days from the end of that hour.
 */
const ISSUED_IN_STEP_MS = 60 * 60 * 1000;

/** What a cursor is bound to: the route and every filter value (undefined members are ignored). */
export interface CursorContext {
  route: string;
  filters: Record<string, string | number | boolean | undefined>;
}

export interface CursorCodec {
  encode(context: CursorContext, position: KeysetPosition): string;
  /** The position a cursor carries; throws AppError VALIDATION_FAILED when it is not valid for this context. */
  decode(token: string, context: CursorContext): KeysetPosition;
}

interface CursorPayload {
  v: 1;
  /** Sort key, epoch ms. */
  s: number;
  i: string;
  /** Filter hash. */
  f: string;
  /** Issued in the hour starting at, epoch ms. */
  t: number;
}

/** The cursor key: its own secret, or one derived from the API-key pepper (so no extra secret to deploy). */
export function deriveCursorSecret(apiKeyPepper: string): Buffer {
  return createHmac('sha256', apiKeyPepper).update('foretell/v1/pagination-cursor').digest();
}

/** Canonical hash of the route and filters: member order and absent members do not matter. */
export function hashCursorContext(context: CursorContext): string {
  const entries = Object.entries(context.filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([context.route, entries]))
    .digest('base64url')
    .slice(0, 22);
}

const invalidCursor = (detail: string) =>
  new AppError('VALIDATION_FAILED', {
    detail,
    extensions: { field: 'cursor', location: 'query', errors: [{ field: 'cursor', message: detail }] },
  });

/**
 * `previousSecret`: during an API-key pepper rotation (decision 0030) the key derived from the previous pepper, so
 * cursors handed out before the switch still verify; new cursors are always signed with `secret`.
 */
export function createCursorCodec(options: {
  secret: Buffer | string;
  previousSecret?: Buffer | string | undefined;
  now?: () => number;
  maxAgeMs?: number;
}) {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? CURSOR_MAX_AGE_MS;
  const signWith = (secret: Buffer | string, body: string) => createHmac('sha256', secret).update(body).digest();
  const sign = (body: string) => signWith(options.secret, body);
  const signedBy = (secret: Buffer | string | undefined, body: string, given: Buffer) => {
    if (secret === undefined) return false;
    const expected = signWith(secret, body);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const codec: CursorCodec = {
    encode(context, position) {
      const payload: CursorPayload = {
        v: 1,
        s: position.sortKey.getTime(),
        i: position.id,
        f: hashCursorContext(context),
        t: Math.floor(now() / ISSUED_IN_STEP_MS) * ISSUED_IN_STEP_MS,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body).toString('base64url')}`;
    },
    decode(token, context) {
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length > 0) throw invalidCursor('The cursor is malformed.');
      const given = Buffer.from(signature, 'base64url');
      if (!signedBy(options.secret, body, given) && !signedBy(options.previousSecret, body, given)) {
        throw invalidCursor('The cursor is not valid: pass back `pagination.cursor` unchanged.');
      }
      let payload: CursorPayload;
      try {
        // Checked member by member below.
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor('The cursor is malformed.');
      }
      if (
        payload.v !== 1 ||
        !Number.isSafeInteger(payload.s) ||
        !Number.isSafeInteger(payload.t) ||
        typeof payload.i !== 'string' ||
        typeof payload.f !== 'string'
      ) {
        throw invalidCursor('The cursor is malformed.');
      }
      if (payload.f !== hashCursorContext(context)) {
        throw invalidCursor('The cursor was issued for other filters: keep every filter unchanged during a walk.');
      }
      if (now() - payload.t > maxAgeMs + ISSUED_IN_STEP_MS) {
        throw invalidCursor('The cursor has expired (cursors stay valid 7 days): start the walk again.');
      }
      return { sortKey: new Date(payload.s), id: payload.i };
    },
  };
  return codec;
}

/** The position an optional cursor carries (undefined without one); throws like `decode` when it is not valid. */
export function decodeOptionalCursor(
  codec: CursorCodec,
  token: string | undefined,
  context: CursorContext,
): KeysetPosition | undefined {
  return token === undefined ? undefined : codec.decode(token, context);
}
