/*
 * The kill-switch route catalogue (shared/src/kill-switch/route-catalogue.generated.ts): every route id each HTTP
 * deployable registers, read from the apps themselves as createApp builds them (no I/O at build time) — the
 * operations of their OpenAPI documents and the few routes that are not operations (documents, assets, /embed,
 * unknown paths). Written by `npm run generate:contract-types`; route-catalogue.spec.ts fails when it is stale.
 */
import { fileURLToPath } from 'node:url';
import type express from 'express';
import { format, resolveConfig } from 'prettier';
import { createApp as createPublicRead, type PublicReadDeps } from '../../apps/public-read/src/app.js';
import { createApp as createTradingApi, type TradingApiDeps } from '../../apps/trading-api/src/app.js';
import { createLogger } from '#shared/logger/logger.js';
import { createMutableRouteSwitches } from '#shared/kill-switch/route-switches.js';

export const ROUTE_CATALOGUE_PATH = fileURLToPath(
  new URL('../../shared/src/kill-switch/route-catalogue.generated.ts', import.meta.url),
);

/** The ids an app registered (app.locals.routeIds, set by createHttpApp), in registration order. */
function routeIdsOf(app: express.Express): string[] {
  const ids: unknown = app.locals.routeIds;
  if (!(ids instanceof Set)) throw new Error('the app recorded no route ids');
  return [...ids].map(String);
}

/** Each HTTP deployable's route ids, from its createApp with inert dependencies (nothing is connected or called). */
export function registeredRouteIds(): Record<'trading-api' | 'public-read', string[]> {
  const common = {
    logger: createLogger({ name: 'route-catalogue', level: 'silent' }),
    version: '0.0.0',
    routeSwitches: createMutableRouteSwitches([]).switches,
    readinessChecks: [],
    trustProxy: 'false',
  };
  // cast: createApp only keeps these clients for later requests; building the app never calls them.
  const inert = {} as never;
  const trading: TradingApiDeps = {
    ...common,
    docsBaseUrl: '/v1/docs',
    db: inert,
    redis: inert,
    apiKeyPepper: 'catalogue',
    serviceEnv: 'test',
    usage: inert,
  };
  const publicRead: PublicReadDeps = {
    ...common,
    metrics: inert,
    db: inert,
    redis: inert,
    chainReader: inert,
    settings: {
      rateLimit: { windowMs: 60_000, threadsList: 1, default: 1 },
      quoteCacheSeconds: 1,
      readCacheMs: 0,
      social: { intentUrl: '', botHandle: '', marketPageUrl: '' },
    },
  };
  return {
    'trading-api': routeIdsOf(createTradingApi(trading)),
    'public-read': routeIdsOf(createPublicRead(publicRead)),
  };
}

/** The text of route-catalogue.generated.ts for the apps as they are now. */
export async function routeCatalogueSource(): Promise<string> {
  const source =
    "/* Generated from the apps' registered routes by `npm run generate:contract-types` (tooling/openapi/route-catalogue.ts). Do not edit. */\n" +
    `export const ROUTE_CATALOGUE = ${JSON.stringify(registeredRouteIds())} as const satisfies Record<string, readonly string[]>;\n`;
  const config = (await resolveConfig(ROUTE_CATALOGUE_PATH)) ?? {};
  return format(source, { ...config, filepath: ROUTE_CATALOGUE_PATH });
}
