/*
 * createResilientFetch against a real local HTTP server whose answers are scripted per request: which 429s are
 * tried again, told apart only by their X-Service-Error-Code.
 */
import { describe, expect, it } from '@jest/globals';
import { createResilientFetch } from './resilient-fetch.js';
import type { RetryOptions } from './retry-policy.js';
import { scriptedServers, type Answer } from './testing/scripted-server.js';

/** A 429 problem answer carrying `code` in its body and header, with Retry-After 0 so a retry comes at once. */
const tooMany =
  (code: string): Answer =>
  (response) => {
    response.writeHead(429, {
      'Content-Type': 'application/problem+json',
      'X-Service-Error-Code': code,
      'Retry-After': '0',
    });
    response.end(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, code }));
  };
const ok: Answer = (response) => {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ data: 'served' }));
};

/** Requests, each seen as its method and URL. */
const scriptedServer = scriptedServers((request) => `${request.method} ${request.url}`);

const retry: RetryOptions = { maxAttempts: 4, initialDelayMs: 1, maxDelayMs: 50 };
const resilientFetch = createResilientFetch({ apiKey: 'fk_test', signRequests: false, retry });

describe('createResilientFetch on a 429', () => {
  it('retries a 429 RATE_LIMIT_EXCEEDED and returns the answer that follows', async () => {
    const { baseUrl, seen } = await scriptedServer([tooMany('RATE_LIMIT_EXCEEDED'), ok]);
    const response = await resilientFetch(new Request(`${baseUrl}/v1/trades`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: 'served' });
    expect(seen).toEqual(['GET /v1/trades', 'GET /v1/trades']);
  });

  it('does not retry a 429 AUTH_LOCKED_OUT: the caller gets it after one request', async () => {
    const { baseUrl, seen } = await scriptedServer([tooMany('AUTH_LOCKED_OUT'), ok]);
    const response = await resilientFetch(new Request(`${baseUrl}/v1/trades`));
    expect(response.status).toBe(429);
    expect(response.headers.get('x-service-error-code')).toBe('AUTH_LOCKED_OUT');
    expect(await response.json()).toMatchObject({ code: 'AUTH_LOCKED_OUT' });
    expect(seen).toEqual(['GET /v1/trades']);
  });
});
