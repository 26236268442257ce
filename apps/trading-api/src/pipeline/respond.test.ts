import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIV3_1 } from 'openapi-types';
import { listOperations, type OperationDescriptor } from '../openapi/operations.js';
import { respond } from './respond.js';

/** A description with one current and one deprecated operation (with its sunset date). */
const document = {
  openapi: '3.1.0',
  info: { title: 'deprecation fixture', version: '1' },
  paths: {
    '/things': { get: { operationId: 'listThings', security: [{ apiKey: ['markets:read'] }], responses: {} } },
    '/old-things': {
      get: {
        operationId: 'listOldThings',
        deprecated: true,
        'x-sunset': 'Wed, 30 Jun 2027 00:00:00 GMT',
        security: [{ apiKey: ['markets:read'] }],
        responses: {},
      },
    },
  },
} as unknown as OpenAPIV3_1.Document;

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  for (const operation of listOperations(document)) {
    app.get(operation.expressPath, (req, res) => {
      const context = { apiKeyId: 'key-1', requestId: 'req_1', now: new Date('2026-11-22T00:00:00Z') };
      respond(req, res, operation as OperationDescriptor, context, { status: 200, body: { data: [] } });
    });
  }
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('Deprecation and Sunset headers', () => {
  it('reads deprecated and x-sunset from the description', () => {
    const [current, old] = listOperations(document);
    expect(current).toMatchObject({ operationId: 'listThings', deprecated: false, sunset: null });
    expect(old).toMatchObject({ deprecated: true, sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' });
  });

  it('marks responses of a deprecated operation with Deprecation: true and its Sunset date', async () => {
    const response = await fetch(`${base}/v1/old-things`);
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(await response.json()).toEqual({
      data: [],
      _meta: { requestId: 'req_1', timestamp: '2026-11-22T00:00:00.000Z' },
    });
  });

  it('leaves current operations without either header', async () => {
    const response = await fetch(`${base}/v1/things`);
    expect(response.headers.get('deprecation')).toBeNull();
    expect(response.headers.get('sunset')).toBeNull();
  });
});
