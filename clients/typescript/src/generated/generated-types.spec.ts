/* Drift check (CI runs it with the other tests): the committed generated types are what the OpenAPI document gives. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { generateClientTypes, GENERATED_TYPES_PATH } from '../../scripts/client-types.js';

describe('the generated client types', () => {
  it('match the trading API OpenAPI document as it is now', async () => {
    const committed = readFileSync(GENERATED_TYPES_PATH, 'utf8');
    const regenerated = await generateClientTypes();
    if (regenerated !== committed) {
      throw new Error(
        'clients/typescript/src/generated/trading-api.ts is stale: run npm run client:generate and commit the result',
      );
    }
    expect(regenerated).toBe(committed);
  });
});
