/* The trading API's contract types: generated from its OpenAPI YAML (merged as loadOpenApiDocument serves it). */
import { fileURLToPath } from 'node:url';
import { contractTypesOf } from '#shared/openapi/contract-types.js';
import { loadOpenApiDocument } from './load-spec.js';

export const TRADING_API_TYPES_PATH = fileURLToPath(new URL('./generated/trading-api.ts', import.meta.url));

/** The text of generated/trading-api.ts for the document as it is now. */
export function tradingApiContractTypes(): Promise<string> {
  return contractTypesOf(loadOpenApiDocument(), 'apps/trading-api/openapi/*.yaml', TRADING_API_TYPES_PATH);
}
