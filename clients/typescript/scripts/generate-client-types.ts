/* `npm run client:generate`: rewrites src/generated/trading-api.ts from the trading API's OpenAPI document. */
import { writeFileSync } from 'node:fs';
import { generateClientTypes, GENERATED_TYPES_PATH } from './client-types.js';

writeFileSync(GENERATED_TYPES_PATH, await generateClientTypes());
console.log(`wrote ${GENERATED_TYPES_PATH}`);
