import { describe, expect, it, jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { captureLogs } from '#tooling/testing/http-test-kit.js';
import { installShutdownSignals } from './shutdown-signals.js';

function setup(close: () => Promise<void>) {
  const emitter = new EventEmitter();
  const exited = new Promise<number>((resolve) => {
    installShutdownSignals(close, captureLogs().logger, { emitter, exit: resolve });
  });
  return { emitter, exited };
}

describe('installShutdownSignals', () => {
  it('closes once on SIGTERM and exits 0', async () => {
    const close = jest.fn(async () => {});
    const { emitter, exited } = setup(close);
    emitter.emit('SIGTERM', 'SIGTERM');
    expect(await exited).toBe(0);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('exits 1 when close fails', async () => {
    const { emitter, exited } = setup(async () => {
      throw new Error('db close failed');
    });
    emitter.emit('SIGINT', 'SIGINT');
    expect(await exited).toBe(1);
  });

  it('forces exit 1 on a second signal while close is still running', async () => {
    const close = jest.fn(() => new Promise<void>(() => {}));
    const { emitter, exited } = setup(close);
    emitter.emit('SIGTERM', 'SIGTERM');
    emitter.emit('SIGINT', 'SIGINT');
    expect(await exited).toBe(1);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
