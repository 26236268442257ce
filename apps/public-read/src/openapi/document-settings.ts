/*
 * The settings the public read document states (rate limits, the quote cache, the stream cap): the same values the
 * app runs with, so /api/openapi.json shows the configured limits (built once at start-up from the config).
 */
import { loadConfig } from '#shared/config/load-config.js';
import { publicReadConfigSchema, type PublicReadConfig } from '#shared/config/app-configs.js';

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
