/*
 * `npm run client:generate`: rewrites src/generated/trading-api.ts, the client's copy of the trading API's contract
 * types, with the trading API's own file, by the generator `npm run generate:contract-types` runs (decision 0025).
 */
import {
  TRADING_API_TYPES_PATHS,
  tradingApiContractTypes,
} from '../../../tooling/openapi/trading-api-contract-types.js';
import { writeContractTypes } from '../../../tooling/openapi/contract-types.js';

await writeContractTypes(tradingApiContractTypes, TRADING_API_TYPES_PATHS);
