import { describe, expect, it } from '@jest/globals';
import { checkSequence } from './stream-clients.js';

describe('checkSequence', () => {
  it('finds nothing wrong in 1..last received once each, in order', () => {
    expect(checkSequence([1, 2, 3, 4], 4)).toEqual({ gaps: 0, duplicates: 0, disordered: 0 });
  });

  it('counts missing seqs as gaps, repeats as duplicates and steps back as disorder', () => {
    expect(checkSequence([1, 2, 2, 4, 3], 6)).toEqual({ gaps: 2, duplicates: 1, disordered: 1 });
  });
});
