/* Drift check: the committed contract types are what the trading API's OpenAPI YAML gives. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { TRADING_API_TYPES_PATH, tradingApiContractTypes } from '#tooling/openapi/trading-api-contract-types.js';

describe("the trading API's generated contract types", () => {
  it('match the OpenAPI document as it is now (npm run generate:contract-types)', async () => {
    const committed = readFileSync(TRADING_API_TYPES_PATH, 'utf8');
    expect(await tradingApiContractTypes()).toBe(committed);
  });
});
