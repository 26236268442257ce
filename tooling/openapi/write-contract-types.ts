/*
 * npm run generate:contract-types: writes both APIs' contract types from their OpenAPI documents (decision 0026),
 * the trading API's also as the typed client's copy (decision 0025).
 */
import { PUBLIC_READ_TYPES_PATH, publicReadContractTypes } from './public-read-contract-types.js';
import { TRADING_API_TYPES_PATHS, tradingApiContractTypes } from './trading-api-contract-types.js';
import { writeContractTypes } from './contract-types.js';

await writeContractTypes(publicReadContractTypes, [PUBLIC_READ_TYPES_PATH]);
await writeContractTypes(tradingApiContractTypes, TRADING_API_TYPES_PATHS);
