/* Drift check: the committed contract types are what the public read document gives. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { PUBLIC_READ_TYPES_PATH, publicReadContractTypes } from '#tooling/openapi/public-read-contract-types.js';

describe("public-read's generated contract types", () => {
  it('match the OpenAPI document as it is now (npm run generate:contract-types)', async () => {
    const committed = readFileSync(PUBLIC_READ_TYPES_PATH, 'utf8');
    expect(await publicReadContractTypes()).toBe(committed);
  });
});
