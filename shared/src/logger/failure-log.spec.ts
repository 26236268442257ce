import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { createFailureLog } from './failure-log.js';
import { createLogger } from './logger.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { logger: createLogger({ name: 'failure-log', destination }), lines };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

describe('a failure log', () => {
  it('writes one line per interval of an outage, saying how many it held back, the transient error in one line', () => {
    const { logger, lines } = capture();
    let now = 0;
    const failed = createFailureLog(
      logger,
      { event: 'cache.down', message: 'cache down', intervalMs: 1_000 },
      () => now,
    );
    for (let request = 0; request < 500; request += 1) failed(refused(), { operation: 'read' });
    now = 999;
    failed(refused());
    now = 1_000;
    failed(refused(), { operation: 'write' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        event: 'cache.down',
        operation: 'read',
        heldBack: 0,
        msg: 'cache down',
      }),
      expect.objectContaining({ event: 'cache.down', operation: 'write', heldBack: 500 }),
    ]);
    expect(lines[0]?.err).toEqual({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:6379' });
  });

  it('writes an unexpected error whole, stack included, for a human to act on', () => {
    const { logger, lines } = capture();
    const failed = createFailureLog(logger, { event: 'cache.down', message: 'cache down' });
    failed(new TypeError('cannot read properties of undefined'));
    expect(lines[0]?.err).toMatchObject({ type: 'TypeError', stack: expect.stringContaining('failure-log.spec') });
    // An AppError marked not to retry is not a transient state either.
    const other = capture();
    createFailureLog(other.logger, { event: 'x', message: 'x' })(new AppError('INTERNAL_ERROR', { detail: 'bug' }));
    expect(other.lines[0]?.err).toHaveProperty('stack');
  });
});
