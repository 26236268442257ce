import type { RequestHandler } from 'express';

/**
 * Runs an operation's pipeline steps (Express-style middlewares) in order as ONE route handler: one router layer
 * per operation instead of ten, since the router's per-layer dispatch was a measurable share of every request
 * (`npm run bench:v1`). A step ends the chain by throwing, rejecting or calling next(error) (→ the error
 * middleware), or by answering without calling next.
 */
export function runSteps(steps: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        done(error);
        return;
      }
      const step = steps[index++];
      if (!step) {
        done();
        return;
      }
      try {
        const outcome: unknown = step(req, res, next);
        if (outcome instanceof Promise) outcome.catch(done);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
