/* The description says what spec/trading-api.md and DESIGN.md §6 fix (pure: reads the YAML, no services). */
import { describe, expect, it } from '@jest/globals';
import { MAX_PAGE_LIMIT } from '#shared/domain/paging.js';
import { PREDICTIONS_DEFAULT_LIMIT } from '../use-cases/list-market-predictions.use-case.js';
import { CANDLES_DEFAULT_LIMIT } from '../use-cases/list-market-candles.use-case.js';
import { MARKETS_DEFAULT_LIMIT } from '../use-cases/list-markets.use-case.js';
import { TRADES_DEFAULT_LIMIT } from '../use-cases/list-trades.use-case.js';
import { WEBHOOK_EVENTS_DEFAULT_LIMIT } from '../use-cases/list-webhook-events.use-case.js';
import { standardWebhookHeaders } from '../../../webhook-dispatcher/src/delivery/webhook-signature.js';
import { listOperations, tradingApiDocument } from './operations.js';
import { createRequestValidator } from '../pipeline/validate.middleware.js';

const document = tradingApiDocument();
const operations = listOperations(document);
const uuid = '5a1d3f1e-8c3b-4f55-9a0e-2b7c9d1e4f60';

type Json = Record<string, unknown>;

/** `node` itself, or what its `$ref` (internal) points at. */
function deref(node: unknown): Json {
  let current = node as Json;
  while (typeof current.$ref === 'string') current = at(document, ...current.$ref.replace(/^#\//, '').split('/'));
  return current;
}

/** The node at `path` below `node`, following `$ref`s on the way. */
function at(node: unknown, ...path: string[]): Json {
  return path.reduce((current, key) => deref(current[key]), deref(node));
}

const operationObject = (specPath: string, method: string): Json => at(document, 'paths', specPath, method);

describe('the description follows the contract', () => {
  it('has no null values (an unquoted comma in a YAML flow mapping splits a description into a bogus key)', () => {
    const nulls: string[] = [];
    const walk = (node: unknown, pointer: string): void => {
      if (node === null) nulls.push(pointer);
      else if (typeof node === 'object')
        for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key}`);
    };
    walk(document, '#');
    expect(nulls).toEqual([]);
  });

  it('answers every write with `_meta.idempotent` (WriteMeta) and every read with the read meta', () => {
    const metas = operations
      .filter((operation) => operation.scope !== null)
      .flatMap((operation) => {
        const responses = at(operationObject(operation.specPath, operation.method.toLowerCase()), 'responses');
        return (
          Object.keys(responses)
            .filter((status) => status.startsWith('2'))
            // A stream (text/event-stream) has no envelope and so no `_meta`.
            .filter((status) => 'application/json' in at(responses, status, 'content'))
            .map((status) => {
              const schema = responses[status] as Json;
              const ref = at(schema, 'content', 'application/json', 'schema', 'properties', '_meta');
              return [`${operation.routeId} ${status}`, ref === at(document, 'components', 'schemas', 'WriteMeta')];
            })
        );
      });
    const expected = metas.map(([route]) => [route, !String(route).startsWith('GET ')]);
    expect(metas).toEqual(expected);
    expect(metas).toEqual(
      expect.arrayContaining([
        ['POST /v1/trades/:id/confirm 200', true],
        ['POST /v1/webhooks/events/:id/redeliver 202', true],
        ['POST /v1/auth/api-keys/me/webhook-secret/rotate 200', true],
      ]),
    );
    expect(at(document, 'components', 'schemas', 'WriteMeta')).toMatchObject({
      required: ['requestId', 'timestamp', 'idempotent'],
      properties: { idempotent: { type: 'boolean' } },
    });
  });

  it("gives each list operation the contract's default page size; larger limits are clamped to 100, not refused", () => {
    const validator = createRequestValidator(document);
    const defaults: Record<string, unknown> = {};
    for (const operation of operations) {
      const parameters = (operationObject(operation.specPath, operation.method.toLowerCase()).parameters ??
        []) as Json[];
      const limit = parameters.map((parameter) => at(parameter)).find((parameter) => parameter.name === 'limit');
      if (!limit) continue;
      defaults[operation.operationId] = at(limit, 'schema');
      expect(limit.description).toContain('at most 100');
      const path = operation.specPath.replace(/\{[^}]+\}/g, uuid);
      // Candles need an interval besides the limit.
      const query = { limit: '1000', ...(operation.operationId === 'listMarketCandles' ? { interval: '1h' } : {}) };
      const accepted = validator.validate(operation.operationId, {
        method: 'GET',
        path,
        url: `/v1${path}?${new URLSearchParams(query)}`,
        query,
        headers: {},
      });
      expect(accepted.query.limit).toBe(1000);
    }
    const page = (fallback: number) => ({ type: 'integer', minimum: 1, default: fallback });
    expect(defaults).toEqual({
      listMarkets: page(20),
      listMarketPredictions: page(50),
      listMarketCandles: page(100),
      listTrades: page(20),
      listWebhookEvents: page(25),
    });
    // The served defaults are the use cases'.
    expect([
      MARKETS_DEFAULT_LIMIT,
      PREDICTIONS_DEFAULT_LIMIT,
      CANDLES_DEFAULT_LIMIT,
      TRADES_DEFAULT_LIMIT,
      WEBHOOK_EVENTS_DEFAULT_LIMIT,
      MAX_PAGE_LIMIT,
    ]).toEqual([20, 50, 100, 20, 25, 100]);
  });

  it('declares the delivery headers on every webhook event; the signature timestamp is in milliseconds', () => {
    const events = Object.values(document.webhooks ?? {});
    expect(events).toHaveLength(4);
    for (const event of events) {
      const parameters = ((event as Json).post as Json).parameters as Json[];
      expect(parameters.map((parameter) => [at(parameter).name, at(parameter).in, at(parameter).required])).toEqual([
        ['X-Service-Signature', 'header', true],
        ['X-Service-Event-Id', 'header', true],
        ['X-Service-Api-Version', 'header', true],
        ['User-Agent', 'header', true],
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
    }
    const parameter = (name: string) => at(document, 'components', 'parameters', name);
    const matches = (name: string, value: string) =>
      new RegExp(String(at(parameter(name), 'schema').pattern)).test(value);
    const signature = parameter('WebhookSignature');
    expect(signature.description).toContain('MILLISECONDS');
    expect(signature.description).toContain('`<t>.<raw body>`');
    expect(signature.description).toContain('several `v1=` values');
    const v1 = 'ab'.repeat(32);
    expect(matches('WebhookSignature', `t=1767225600000,v1=${v1}`)).toBe(true);
    expect(matches('WebhookSignature', `t=1767225600000,v1=${v1},v1=${'cd'.repeat(32)}`)).toBe(true);
    expect(matches('WebhookSignature', `t=1767225600,v1=${v1}`)).toBe(false);
    expect(matches('WebhookEventId', 'evt_01HZX3Q9')).toBe(true);
    expect(matches('WebhookApiVersion', '2026-04-29')).toBe(true);
    expect(matches('WebhookUserAgent', 'Foretell-Webhooks/1.4.0')).toBe(true);
    // The Standard Webhooks headers as the dispatcher signs them, during a rotation (two signatures).
    const secrets = ['whsec_' + 'A1b2'.repeat(8), 'whsec_' + 'Z9y8'.repeat(8)];
    const standard = standardWebhookHeaders(secrets, 'evt_01HZX3Q9', 1_767_225_600_123, '{"id":"evt_01HZX3Q9"}');
    expect(matches('StandardWebhookId', standard['webhook-id'])).toBe(true);
    expect(matches('StandardWebhookTimestamp', standard['webhook-timestamp'])).toBe(true);
    expect(matches('StandardWebhookTimestamp', '1767225600123')).toBe(false);
    expect(matches('StandardWebhookSignature', standard['webhook-signature'])).toBe(true);
    expect(standard['webhook-signature'].split(' ')).toHaveLength(2);
  });

  it('requires X-RateLimit-* only where every answer passed the rate limiter', () => {
    const rateLimitRequired = (response: string) =>
      ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map(
        (name) => at(document, 'components', 'responses', response, 'headers', name).required === true,
      );
    for (const before of ['Unauthorized', 'Forbidden', 'TooManyRequests', 'Unavailable', 'InternalError']) {
      expect([before, ...rateLimitRequired(before)]).toEqual([before, false, false, false]);
    }
    for (const after of ['NotModified', 'ValidationFailed', 'NotFound', 'Conflict']) {
      expect([after, ...rateLimitRequired(after)]).toEqual([after, true, true, true]);
    }
    expect(at(document, 'components', 'responses', 'PayloadTooLarge', 'headers')).not.toHaveProperty(
      'X-RateLimit-Limit',
    );
    const forbidden = String(at(document, 'components', 'responses', 'Forbidden').description);
    expect(forbidden).toContain('Both are answered before the rate limiter, so neither spends quota');
    expect(forbidden).toContain("report the user's current window");
  });
});

describe('x-switched-off-with', () => {
  const documentWith = (switchedOffWith: unknown) => {
    const copy = structuredClone(document);
    Object.assign(at(copy, 'paths', '/trades/batch', 'post'), { 'x-switched-off-with': switchedOffWith });
    return copy;
  };

  it('switches the batch off with single trade creation', () => {
    const batch = operations.find((operation) => operation.operationId === 'createTradeBatch');
    expect(batch?.switchedOffWith).toEqual(['POST /v1/trades']);
  });

  it('refuses at start-up a route id the document does not have, or a value that is not a list', () => {
    expect(() => listOperations(documentWith(['POST /v1/trade']))).toThrow(/names no route: POST \/v1\/trade$/);
    expect(() => listOperations(documentWith('POST /v1/trades'))).toThrow(/must be a list/);
  });
});
