import type { RequestHandler } from 'express';

/**
 * Runs a route's steps (Express-style middlewares: kill switch, body, auth, limits, handler) in order as ONE route
 * handler: one router layer per route instead of one per step, since the router's per-layer dispatch was a
 * measurable share of every request (`npm run bench:*`). A step ends the chain by throwing, rejecting or calling
 * next(error) (→ the error middleware), or by answering without calling next.
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
