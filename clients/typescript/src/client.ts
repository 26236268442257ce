/*
 * createForetellClient(): the typed client of the trading API. `api` is the raw openapi-fetch client (every
 * operation, typed from the OpenAPI document); the named groups add what is easy to get wrong by hand.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/trading-api.js';
import { streamEvents, type EventStreamOptions } from './event-stream.js';
import { createAccountApi, createMarketsApi, createPortfolioApi, createWebhooksApi } from './resources.js';
import { createResilientFetch } from './resilient-fetch.js';
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './retry-policy.js';
import { createTradesApi } from './trades.js';

export interface ForetellClientOptions {
  /** The API's origin, e.g. `https://api.foretell.example` (a trailing `/v1` is accepted too). */
  baseUrl: string;
  /** `svc_live_…` or `svc_test_…`. */
  apiKey: string;
  /** Sign every request body with the API key (X-Service-Signature); default false. */
  signRequests?: boolean;
  /** Retries of network errors, 429 and 503 (Retry-After honoured); default 4 attempts, 200 ms base, 10 s cap. */
  retry?: Partial<RetryOptions>;
  /** The fetch to send with (default globalThis.fetch). */
  fetch?: typeof fetch;
  userAgent?: string;
}

/** `https://host` or `https://host/v1` → `https://host/v1` (the document's server URL is `{base_url}/v1`). */
export function apiBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

export function createForetellClient(options: ForetellClientOptions) {
  const retry: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
  const baseUrl = apiBaseUrl(options.baseUrl);
  const fetch = createResilientFetch({
    apiKey: options.apiKey,
    signRequests: options.signRequests ?? false,
    retry,
    fetch: options.fetch,
    userAgent: options.userAgent,
  });
  const api = createClient<paths>({ baseUrl, fetch });
  return {
    api,
    markets: createMarketsApi(api),
    trades: createTradesApi(api),
    portfolio: createPortfolioApi(api),
    webhooks: createWebhooksApi(api),
    account: createAccountApi(api),
    events: {
      /** The key's trade events as they happen; resumes by itself after a dropped connection. */
      stream: (streamOptions?: EventStreamOptions) => streamEvents({ baseUrl, fetch, retry }, streamOptions),
    },
  };
}

export type ForetellClient = ReturnType<typeof createForetellClient>;
