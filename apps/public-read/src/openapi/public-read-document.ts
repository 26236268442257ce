/*
 * The OpenAPI 3.1 description of the public read API (apps/public-read/openapi/*.yaml), served at /api/openapi.json:
 * the one source of the request contract (requests are validated against it, handler input types are generated from
 * it, routes are mounted from it) and kept in sync with the responses by openapi-conformance.test.ts. The limits it
 * states are the ones the app runs with: its `${…}` placeholders are filled from the settings at start-up.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '#shared/config/load-config.js';
import { publicReadConfigSchema, type PublicReadConfig } from '#shared/config/app-configs.js';
import { fillPlaceholders, loadOpenApiDocument, type OpenApiDocument } from '#shared/http/openapi-document.js';

const OPENAPI_DIR = fileURLToPath(new URL('../../openapi/', import.meta.url));

export interface OpenApiSettings {
  rateLimit: { windowMs: number; threadsList: number; default: number };
  quoteCacheSeconds: number;
  marketStreamMaxPerIp: number;
}

export function openApiSettingsFrom(config: PublicReadConfig): OpenApiSettings {
  return {
    rateLimit: {
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      threadsList: config.RATE_LIMIT_THREADS_LIST,
      default: config.RATE_LIMIT_DEFAULT,
    },
    quoteCacheSeconds: config.QUOTE_CACHE_SECONDS,
    marketStreamMaxPerIp: config.MARKET_STREAM_MAX_PER_IP,
  };
}

/** The settings of an unconfigured deployment (every variable at its default): tests and the generated types. */
export function defaultOpenApiSettings(): OpenApiSettings {
  return openApiSettingsFrom(loadConfig(publicReadConfigSchema, {}));
}

/** `50/min` for a 60 s window, `50 per 30 s` otherwise. */
export function perWindow(requests: number, windowMs: number): string {
  return windowMs === 60_000 ? `${requests}/min` : `${requests} per ${windowMs / 1_000} s`;
}

/** The Cache-Control max-age values 0…seconds as a regex group: `[0-9]|10` for 10. */
export function maxAgeAlternatives(seconds: number): string {
  const digits = seconds < 10 ? `[0-${seconds}]` : '[0-9]';
  const rest = Array.from({ length: Math.max(0, seconds - 9) }, (_, index) => String(index + 10));
  return [digits, ...rest].join('|');
}

/** The document for this version and these settings. */
export function publicReadDocument(
  version: string,
  settings: OpenApiSettings = defaultOpenApiSettings(),
): OpenApiDocument {
  const { rateLimit, quoteCacheSeconds } = settings;
  const window = rateLimit.windowMs === 60_000 ? 'minute' : `${rateLimit.windowMs / 1_000} s`;
  return fillPlaceholders(loadOpenApiDocument(OPENAPI_DIR), {
    version,
    threadsListRate: perWindow(rateLimit.threadsList, rateLimit.windowMs),
    defaultRate: perWindow(rateLimit.default, rateLimit.windowMs),
    threadsListLimit: `${rateLimit.threadsList} requests per ${window}`,
    quoteCacheSeconds: String(quoteCacheSeconds),
    quoteMaxAges: maxAgeAlternatives(quoteCacheSeconds),
    marketStreamMaxPerIp: String(settings.marketStreamMaxPerIp),
  });
}
