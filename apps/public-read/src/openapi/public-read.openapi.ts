/*
 * The OpenAPI 3.1 description of the public read API, served at /api/openapi.json: the one source of the request
 * contract (requests are validated against it, handler input types are generated from it) and kept in sync with
 * the responses by openapi-conformance.test.ts. Built at start-up from the settings the app runs with.
 */
import { catalogSchemas } from './catalog-schemas.js';
import { defaultOpenApiSettings, perWindow, type OpenApiSettings } from './document-settings.js';
import { marketPaths } from './market-paths.js';
import { marketSchemas } from './market-schemas.js';
import { responseSchemas } from './response-schemas.js';
import { streamPaths, streamSchemas } from './stream-paths.js';
import { threadPaths } from './thread-paths.js';
import { errorResponse, getOperation, ok } from './operation-helpers.js';

export function publicReadOpenApi(
  version: string,
  settings: OpenApiSettings = defaultOpenApiSettings(),
): Record<string, unknown> {
  const { rateLimit } = settings;
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Foretell public read API',
      version,
      description:
        'Public, read-only JSON for embeds and custom UIs. No key needed; per-IP rate limits (threads list ' +
        `${perWindow(rateLimit.threadsList, rateLimit.windowMs)}, every other endpoint ` +
        `${perWindow(rateLimit.default, rateLimit.windowMs)}) reported in X-RateLimit-* headers (reset in epoch ` +
        'milliseconds). Volumes in ' +
        'cents, thread times in Unix seconds, market endTime in Unix milliseconds, probabilities 0-1. Errors are ' +
        '`{ error, message, code }`; unknown or repeated query parameters are rejected (400).',
    },
    servers: [{ url: '/' }],
    // The key is optional: anonymous callers are limited per IP; a valid key sets _meta.authenticated and the
    // user's own per-minute limit (an invalid key is ignored, never an error).
    security: [{}, { apiKey: [] }],
    tags: ['Threads', 'Markets', 'Organizations', 'Partners', 'Social', 'Meta'].map((name) => ({ name })),
    paths: {
      ...threadPaths(settings),
      ...marketPaths(settings),
      ...streamPaths(settings),
      '/api/openapi.json': getOperation({
        operationId: 'getOpenApi',
        summary: 'This document',
        tags: ['Meta'],
        responses: {
          '200': ok('OpenApiDocument', 'OpenAPI 3.1 document.'),
          '400': errorResponse('INVALID_REQUEST: an unknown or repeated query parameter (named in `message`).'),
        },
      }),
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            "Optional trading-API key (svc_live_/svc_test_…): limits by user at the key's per-minute limit instead " +
            'of per IP, and sets `_meta.authenticated`. A missing or invalid key is served anonymously.',
        },
      },
      schemas: {
        ...catalogSchemas,
        ...marketSchemas,
        ...responseSchemas,
        ...streamSchemas,
        OpenApiDocument: { type: 'object', required: ['openapi', 'info', 'paths'] },
      },
    },
  };
}
