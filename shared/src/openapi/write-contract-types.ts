/* npm run generate:contract-types: writes both APIs' contract types from their OpenAPI documents (decision 0026). */
import { writeFileSync } from 'node:fs';
import {
  PUBLIC_READ_TYPES_PATH,
  publicReadContractTypes,
} from '../../../apps/public-read/src/openapi/contract-types.js';
import {
  TRADING_API_TYPES_PATH,
  tradingApiContractTypes,
} from '../../../apps/trading-api/src/openapi/contract-types.js';

const outputs: Array<[string, () => Promise<string>]> = [
  [PUBLIC_READ_TYPES_PATH, publicReadContractTypes],
  [TRADING_API_TYPES_PATH, tradingApiContractTypes],
];

for (const [path, generate] of outputs) {
  writeFileSync(path, await generate());
  process.stdout.write(`wrote ${path}\n`);
}
