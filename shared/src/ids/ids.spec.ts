import { describe, expect, it } from '@jest/globals';
import { newRequestId, prefixedId, randomBase62 } from './ids.js';

describe('ids', () => {
  it('makes base62 strings of the requested length', () => {
    expect(randomBase62(32)).toMatch(/^[0-9A-Za-z]{32}$/);
  });

  it('makes prefixed ids that sort by creation time', () => {
    const earlier = prefixedId('evt', 1_700_000_000_000);
    const later = prefixedId('evt', 1_700_000_000_001);
    expect(earlier).toMatch(/^evt_[0-9a-f]{12}[0-9A-Za-z]{16}$/);
    expect(earlier < later).toBe(true);
  });

  it('makes distinct request ids', () => {
    expect(newRequestId()).toMatch(/^req_/);
    expect(new Set(Array.from({ length: 1000 }, newRequestId)).size).toBe(1000);
  });
});
