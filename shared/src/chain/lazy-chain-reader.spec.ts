import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import type { ChainReader } from './chain-clients.js';
import { createLazyChainReader } from './lazy-chain-reader.js';

const options = { rpcUrl: 'http://127.0.0.1:1' };

describe('createLazyChainReader', () => {
  it('connects once, on first use, and shares the reader', async () => {
    let connects = 0;
    let closed = 0;
    const reader = { close: async () => void (closed += 1) } as unknown as ChainReader;
    const lazy = createLazyChainReader(options, async () => {
      connects += 1;
      return reader;
    });
    expect(connects).toBe(0);
    expect(await Promise.all([lazy.get(), lazy.get()])).toEqual([reader, reader]);
    expect(connects).toBe(1);
    await lazy.close();
    expect(closed).toBe(1);
  });

  it('fails with DEPENDENCY_UNAVAILABLE and tries again on the next use', async () => {
    let attempts = 0;
    const reader = { close: async () => {} } as unknown as ChainReader;
    const lazy = createLazyChainReader(options, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('ECONNREFUSED');
      return reader;
    });
    const failure = await lazy.get().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('DEPENDENCY_UNAVAILABLE');
    expect(await lazy.get()).toBe(reader);
    expect(attempts).toBe(2);
  });

  it('closes nothing when it never connected', async () => {
    await expect(
      createLazyChainReader(options, async () => Promise.reject(new Error('down'))).close(),
    ).resolves.toBeUndefined();
  });
});
