import { describe, expect, it } from '@jest/globals';
import { indexerLockName } from './mysql-leader-lock.js';

describe('indexerLockName', () => {
  it('names the chain and the database', () => {
    expect(indexerLockName(31337, 'foretell')).toBe('foretell:indexer:31337:foretell');
  });

  it('hashes a long database name so the name fits MySQL’s 64 characters, still distinct per database', () => {
    const long = indexerLockName(31337, 'd'.repeat(64));
    expect(long).toMatch(/^foretell:indexer:31337:[0-9a-f]{16}$/);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(indexerLockName(31337, 'e'.repeat(64))).not.toBe(long);
  });
});
