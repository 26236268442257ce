/*
 * Drift check (CI runs it with the other tests): the committed generated types are what the trading API's OpenAPI
 * document gives, the same text as the trading API's own contract types (decision 0025).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CLIENT_TYPES_PATH, tradingApiContractTypes } from '../../../../tooling/openapi/trading-api-contract-types.js';

describe('the generated client types', () => {
  it('match the trading API OpenAPI document as it is now', async () => {
    const committed = readFileSync(CLIENT_TYPES_PATH, 'utf8');
    const regenerated = await tradingApiContractTypes();
    if (regenerated !== committed) {
      throw new Error(
        'clients/typescript/src/generated/trading-api.ts is stale: run npm run client:generate and commit the result',
      );
    }
    expect(regenerated).toBe(committed);
  });
});
