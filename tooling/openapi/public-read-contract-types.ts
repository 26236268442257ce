/* public-read's contract types: generated from its OpenAPI document (at the default settings) by openapi-typescript. */
import { fileURLToPath } from 'node:url';
import { contractTypesOf } from '#tooling/openapi/contract-types.js';
import { publicReadDocument } from '../../apps/public-read/src/openapi/public-read-document.js';

export const PUBLIC_READ_TYPES_PATH = fileURLToPath(
  new URL('../../apps/public-read/src/openapi/generated/public-read-api.ts', import.meta.url),
);

/** The text of generated/public-read-api.ts for the document as it is now. */
export function publicReadContractTypes(): Promise<string> {
  return contractTypesOf(
    publicReadDocument('0.0.0'),
    'apps/public-read/openapi/*.yaml',
    PUBLIC_READ_TYPES_PATH,
    // The public validator fills in query defaults: a defaulted parameter is always there.
    { queryDefaultsApplied: true },
  );
}
