/*
 * npm run generate:contract-types: writes both APIs' contract types from their OpenAPI documents (decision 0026),
 * the trading API's also as the typed client's copy (decision 0025), and the kill-switch route catalogue.
 */
import { PUBLIC_READ_TYPES_PATH, publicReadContractTypes } from './public-read-contract-types.js';
import { TRADING_API_TYPES_PATHS, tradingApiContractTypes } from './trading-api-contract-types.js';
import { writeContractTypes } from './contract-types.js';
import { ROUTE_CATALOGUE_PATH, routeCatalogueSource } from './route-catalogue.js';

await writeContractTypes(publicReadContractTypes, [PUBLIC_READ_TYPES_PATH]);
await writeContractTypes(tradingApiContractTypes, TRADING_API_TYPES_PATHS);
await writeContractTypes(routeCatalogueSource, [ROUTE_CATALOGUE_PATH]);
// The apps built for the catalogue keep timers (stream sweeps) alive: the script is done.
process.exit(0);
