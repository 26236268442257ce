import { describe, expect, it } from '@jest/globals';
import type { Request, RequestHandler, Response } from 'express';
import { runSteps } from './route-table.js';

/** Runs the composed handler once; resolves with what reached Express's `next` (or 'answered' if nothing did). */
function run(steps: RequestHandler[]): Promise<{ outcome: unknown; trail: string[] }> {
  const trail: string[] = [];
  const req = { trail } as unknown as Request;
  return new Promise((resolve) => {
    const res = { answer: () => resolve({ outcome: 'answered', trail }) } as unknown as Response;
    runSteps(steps)(req, res, (error?: unknown) => resolve({ outcome: error ?? 'next', trail }));
  });
}

const step =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    (req as unknown as { trail: string[] }).trail.push(name);
    next();
  };

describe('runSteps', () => {
  it('runs synchronous and asynchronous steps in order, then calls next', async () => {
    const later: RequestHandler = async (req, _res, next) => {
      await Promise.resolve();
      (req as unknown as { trail: string[] }).trail.push('async');
      next();
    };
    expect(await run([step('a'), later, step('b')])).toEqual({ outcome: 'next', trail: ['a', 'async', 'b'] });
  });

  it('stops at a thrown error, a rejected step or next(error), and hands the error on', async () => {
    const thrown = new Error('thrown');
    const rejected = new Error('rejected');
    const passed = new Error('passed');
    const throwing: RequestHandler = () => {
      throw thrown;
    };
    const rejecting: RequestHandler = async () => {
      await Promise.resolve();
      throw rejected;
    };
    const passing: RequestHandler = (_req, _res, next) => next(passed);
    expect(await run([step('a'), throwing, step('never')])).toEqual({ outcome: thrown, trail: ['a'] });
    expect(await run([rejecting, step('never')])).toEqual({ outcome: rejected, trail: [] });
    expect(await run([passing, step('never')])).toEqual({ outcome: passed, trail: [] });
  });

  it('ends the chain when a step answers without calling next', async () => {
    const answering: RequestHandler = (_req, res) => (res as unknown as { answer(): void }).answer();
    expect(await run([step('a'), answering, step('never')])).toEqual({ outcome: 'answered', trail: ['a'] });
  });
});
