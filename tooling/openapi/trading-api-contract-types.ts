/*
 * The trading API's contract types: generated from its OpenAPI YAML (merged as loadOpenApiDocument serves it). The
 * same text is also the typed client's `src/generated/trading-api.ts`: the client is published alone and cannot
 * import from apps/, so it keeps a copy that every generation rewrites (decision 0025).
 */
import { fileURLToPath } from 'node:url';
import { contractTypesOf } from '#tooling/openapi/contract-types.js';
import { tradingApiDocument } from '../../apps/trading-api/src/openapi/operations.js';

export const TRADING_API_TYPES_PATH = fileURLToPath(
  new URL('../../apps/trading-api/src/openapi/generated/trading-api.ts', import.meta.url),
);

/** The typed client's copy of generated/trading-api.ts. */
export const CLIENT_TYPES_PATH = fileURLToPath(
  new URL('../../clients/typescript/src/generated/trading-api.ts', import.meta.url),
);

/** Where the trading API's contract types are written: its own file, then the client's copy. */
export const TRADING_API_TYPES_PATHS = [TRADING_API_TYPES_PATH, CLIENT_TYPES_PATH] as const;

/** The text of generated/trading-api.ts (and of the client's copy) for the document as it is now. */
export function tradingApiContractTypes(): Promise<string> {
  return contractTypesOf(tradingApiDocument(), 'apps/trading-api/openapi/*.yaml', TRADING_API_TYPES_PATH);
}
