/*
 * Test-only: request-level mutations that no schema describes — malformed JSON, wrong content types and encodings,
 * odd header values (Authorization, Idempotency-Key, If-None-Match, Accept, version and signature headers), and
 * malformed path segments.
 */
import fc from 'fast-check';
import { unicodeText } from './schema-mutations.js';

export interface HeaderMutation {
  label: string;
  /** Header name → value (sent as its UTF-8 bytes); null removes the header. */
  headers: Record<string, string | null>;
}

const DEPTH = 4_000;

/** Bodies that are not JSON, or JSON a careless parser mishandles. */
export const malformedJsonBodies = fc.constantFrom(
  ['truncated object', '{"marketId": '],
  ['trailing comma', '{"a": 1,}'],
  ['single quotes', "{'a': 1}"],
  ['NaN literal', '{"a": NaN}'],
  ['bare word', 'undefined'],
  ['NUL byte', '\u0000'],
  ['byte order mark', '\uFEFF{}'],
  ['deep nesting', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`],
  ['deep object nesting', `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`],
  ['prototype pollution', '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'],
  ['top-level array', '[]'],
  ['top-level string', '"text"'],
  ['top-level null', 'null'],
  ['huge number', `{"outcomeIndex": 1${'0'.repeat(400)}}`],
  ['invalid UTF-8 escape', '{"a": "\\ud800"}'],
  ['duplicate members', '{"a": 1, "a": 2}'],
  ['oversized body', JSON.stringify({ padding: 'x'.repeat(70 * 1024) })],
);

export const wrongContentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/json, text/plain',
  '*/*',
  'text/json',
  '',
);

const weirdTokens = fc.oneof(
  unicodeText,
  fc.string({ maxLength: 30 }).map((text) => text.replace(/[\r\n]/g, '')),
  fc.constantFrom('x'.repeat(8_000), '*', '""', 'null', '0', '-1', ' ', '\t'),
);

/** One odd header per case; the rest of the request stays valid. */
export const headerMutations: fc.Arbitrary<HeaderMutation> = fc.oneof(
  fc
    .oneof(
      weirdTokens,
      fc.constantFrom('application/xml', 'text/html', 'image/png;q=0', 'application/json;q=0', '*/*;q=x'),
    )
    .map((value) => ({ label: 'odd Accept', headers: { Accept: value } })),
  fc
    .oneof(weirdTokens, fc.constantFrom('*', 'W/"x"', '"abc"', 'W/"a", W/"b"', `W/"${'a'.repeat(5_000)}"`))
    .map((value) => ({ label: 'odd If-None-Match', headers: { 'If-None-Match': value } })),
  fc
    .oneof(weirdTokens, fc.constantFrom('', 'a'.repeat(129), 'has space', 'ключ', 'k'.repeat(128)))
    .map((value) => ({ label: 'odd Idempotency-Key', headers: { 'Idempotency-Key': value } })),
  fc
    .oneof(weirdTokens, fc.constantFrom('2026-04-29', '1999-01-01', '2026-4-29', 'latest', '9999-99-99'))
    .map((value) => ({ label: 'odd X-Service-Api-Version', headers: { 'X-Service-Api-Version': value } })),
  fc
    .oneof(weirdTokens, fc.constantFrom('t=1,v1=00', `t=${'9'.repeat(30)},v1=${'0'.repeat(64)}`, 'v1=', 't=,v1=,v1='))
    .map((value) => ({ label: 'odd X-Service-Signature', headers: { 'X-Service-Signature': value } })),
  fc
    .oneof(
      weirdTokens,
      fc.constantFrom('Bearer', 'Bearer svc_test_x', 'Basic Zm9vOmJhcg==', 'Bearer ' + 'A'.repeat(5_000)),
    )
    .map((value) => ({ label: 'odd Authorization', headers: { Authorization: value } })),
  weirdTokens.map((value) => ({ label: 'odd X-Request-Id', headers: { 'X-Request-Id': value } })),
  fc
    .constantFrom('gzip', 'br', 'deflate', 'identity, gzip', 'fuzz')
    .map((value) => ({ label: 'odd Content-Encoding', headers: { 'Content-Encoding': value } })),
  fc
    .constantFrom('1.2.3.4, garbage', 'unknown', '::ffff:999.1.1.1', ' ')
    .map((value) => ({ label: 'odd Forwarded', headers: { Forwarded: `for=${value}` } })),
);

/** Path segments a route may not expect: dot segments, encoded slashes, NUL, a 2 000-character id. */
export const oddSegments = fc.constantFrom(
  '%00',
  '..',
  '.',
  '%2e%2e',
  'a%2Fb',
  '%F0%9F%98%80',
  ';x=1',
  'x'.repeat(2_000),
);

/**
 * Path segments that do not decode (bad or truncated percent escapes, overlong and surrogate UTF-8): such a path
 * addresses no operation, so the router answers it (400) before any route runs.
 */
export const undecodableSegments = fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF');
