import { describe, expect, it } from '@jest/globals';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { runInNewContext } from 'node:vm';
import type { OpenAPIV3_1 } from 'openapi-types';
import { errorCodes } from '#shared/errors/error-catalogue.js';
import { createHandlers } from '../handlers/index.js';
import { PUBLIC_OPERATIONS } from '../pipeline/v1-router.js';
import { call } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { listOperations, requiredScope, tradingApiDocument } from './operations.js';
import { STREAMING_OPERATION_IDS } from '../streams/trading-streams.js';

const document = tradingApiDocument();
const operations = listOperations(document);

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.servers?.[0]?.url).toBe('{base_url}/v1');
  });

  it('declares exactly one scope on every operation except the listed public routes (fail closed)', () => {
    const unscoped = operations
      .filter((operation) => operation.scope === null)
      .map((operation) => operation.operationId);
    expect(new Set(unscoped)).toEqual(PUBLIC_OPERATIONS);
    expect(() => requiredScope({ responses: {} }, 'noSecurity')).toThrow('declares no security requirement');
    expect(() => requiredScope({ responses: {}, security: [{ apiKey: [] }] }, 'noRole')).toThrow('exactly one');
    expect(() => requiredScope({ responses: {}, security: [{ apiKey: ['admin:all'] }] }, 'unknown')).toThrow(
      'unknown scope',
    );
  });

  it('maps every contract route to its scope', () => {
    const scopes = Object.fromEntries(operations.map((operation) => [operation.routeId, operation.scope]));
    expect(scopes).toMatchObject({
      'GET /v1/markets': 'markets:read',
      'GET /v1/markets/:id': 'markets:read',
      'GET /v1/markets/:id/predictions': 'markets:read',
      'GET /v1/markets/:id/quote': 'markets:quote',
      'GET /v1/portfolio': 'portfolio:read',
      'GET /v1/portfolio/positions': 'portfolio:read',
      'GET /v1/trades': 'trades:read',
      'GET /v1/trades/:id': 'trades:read',
      'GET /v1/traces/:correlationId': 'trades:read',
      'POST /v1/trades': 'trades:write',
      'POST /v1/trades/batch': 'trades:write',
      'POST /v1/trades/:id/confirm': 'trades:write',
      'POST /v1/redemptions': 'trades:write',
      'GET /v1/webhooks/events': 'webhooks:manage',
      'POST /v1/webhooks/events/:id/redeliver': 'webhooks:manage',
      'POST /v1/auth/api-keys/me/webhook-secret/rotate': 'auth:manage',
      'GET /v1/account/usage': 'auth:manage',
    });
    const buckets = operations.filter((operation) => operation.rateLimit === 'token-bucket').map((op) => op.routeId);
    expect(buckets.sort()).toEqual([
      'POST /v1/trades',
      'POST /v1/trades/:id/cancel',
      'POST /v1/trades/:id/confirm',
      'POST /v1/trades/batch',
      'POST /v1/webhooks/events/:id/redeliver',
    ]);
    const costed = operations.filter((operation) => operation.rateLimitCost !== null);
    expect(costed.map((operation) => [operation.routeId, operation.rateLimitCost])).toEqual([
      ['POST /v1/trades/batch', 'trades'],
    ]);
  });

  it('has a handler for every authenticated operation', () => {
    const handlers = createHandlers({} as Parameters<typeof createHandlers>[0]);
    const missing = operations.filter(
      (op) => op.scope !== null && !handlers[op.operationId] && !STREAMING_OPERATION_IDS.includes(op.operationId),
    );
    expect(missing).toEqual([]);
  });

  it('documents the problem responses of every authenticated operation', () => {
    for (const operation of operations.filter((op) => op.scope !== null)) {
      const object = document.paths![operation.specPath]![
        operation.method.toLowerCase() as 'get'
      ] as OpenAPIV3_1.OperationObject;
      expect([operation.operationId, ...Object.keys(object.responses ?? {}).filter((s) => s >= '400')]).toEqual(
        expect.arrayContaining([operation.operationId, '400', '401', '403', '429', '500', '503']),
      );
    }
  });

  it('describes the four webhook events', () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([
      'trade.completed',
      'trade.confirmation-required',
      'trade.failed',
      'trade.rejected',
    ]);
  });
});

describe('served documentation', () => {
  const kit = useTradingApiKit();

  it('serves the description at /v1/openapi.json without a key', async () => {
    const response = await call(kit, 'GET', '/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.json).toEqual(JSON.parse(JSON.stringify(document)));
    expect(response.headers.get('x-service-api-version')).toBe('2026-04-29');
  });

  it('serves the interactive reference from node_modules with its own Content-Security-Policy', async () => {
    const page = await call(kit, 'GET', '/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const scripts = [...page.text.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.every((src) => src.startsWith('/v1/docs/assets/'))).toBe(true);
    for (const src of scripts) {
      const asset = await call(kit, 'GET', src);
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
      expect(asset.headers.get('content-type')).toContain('javascript');
    }
    expect((await call(kit, 'GET', '/v1/docs/assets/swagger-ui.css')).status).toBe(200);
    expect((await call(kit, 'GET', '/v1/docs/assets/package.json')).status).toBe(404);
  });

  it('makes the reference page request nothing off this origin (no validator.swagger.io badge)', async () => {
    const page = await call(kit, 'GET', '/v1/docs');
    const init = await call(kit, 'GET', '/v1/docs/assets/init.js');
    const externalUrl = /(?:[a-z][a-z0-9+.-]*:)?\/\/[^\s"'`]+/gi;
    expect([...page.text.matchAll(externalUrl), ...init.text.matchAll(externalUrl)].map((match) => match[0])).toEqual(
      [],
    );
    expect(page.headers.get('content-security-policy')).not.toMatch(/https?:|\*/);
    // Run the page's start-up script against a stand-in SwaggerUIBundle and inspect the configuration it passes.
    let config: Record<string, unknown> | undefined;
    runInNewContext(init.text, {
      window: { addEventListener: (_event: string, start: () => void) => start() },
      document: { body: { dataset: { specUrl: '/v1/openapi.json' } } },
      SwaggerUIBundle: (options: Record<string, unknown>) => {
        config = options;
        return {};
      },
    });
    expect(config).toMatchObject({ url: '/v1/openapi.json', validatorUrl: null });
    const urls = Object.values(config ?? {}).filter((value) => typeof value === 'string' && value.includes('//'));
    expect(urls).toEqual([]);
  });

  it('serves a page for every catalogue code and 404 for unknown codes', async () => {
    for (const code of errorCodes) {
      const page = await call(kit, 'GET', `/v1/docs/errors/${code}`);
      expect({ code, status: page.status }).toEqual({ code, status: 200 });
      expect(page.text).toContain(code);
    }
    const unknown = await call(kit, 'GET', '/v1/docs/errors/NOT_A_CODE');
    expectProblemCode(unknown, 404, 'RESOURCE_NOT_FOUND');
  });
});
