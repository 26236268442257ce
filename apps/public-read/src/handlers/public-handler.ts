/*
 * One handler per operationId of the public document (handlers/<operationId>.handler.ts), mounted from the document
 * like /v1's (mountOperations): the route reads its validated, typed input, calls one use case and answers through the
 * shared response writer — or takes the response over (the market stream).
 */
import type { RequestHandler, Response } from 'express';
import { presentPublicErrors, type PublicErrorPresentation } from '#shared/http/error-middleware.js';
import { respond, type JsonResult } from '#shared/http/respond.js';
import type { RouteDeclaration } from '#shared/http/route-registrar.js';
import type { SocialPostSettings } from '../domain/social-post.js';
import { authOf } from '../http/api-key.js';
import type { ParameterPrecedence, PublicRequestInput } from '../http/request-input.js';
import type { ResponseCache } from '../http/response-cache.js';
import type { PublicInput, PublicOperationId } from '../openapi/operation-types.js';
import type { ReadFacts } from '../presenters/read-facts.presenter.js';
import type { MarketStreams } from '../streams/market-streams.js';
import type { QuoteDeps } from '../use-cases/get-market-quote.use-case.js';
import type { ReadContext } from '../use-cases/read-context.js';

/** What the handlers share: the read context, the response cache, settings, the streams and the document. */
export interface HandlerDeps {
  context: ReadContext;
  /** Per-replica micro-cache of read responses (see http/response-cache.ts). */
  cache: ResponseCache;
  social: SocialPostSettings;
  quote: QuoteDeps;
  streams: MarketStreams;
  /** /api/openapi.json as served. */
  documentJson: string;
}

export interface PublicHandlerContext<Id extends PublicOperationId> {
  input: PublicInput<Id>;
  res: Response;
  routeId: string;
  /** The response cache's body for this route and `parts` (everything from the request that shapes it). */
  cached(parts: readonly unknown[], compute: () => Promise<object>): Promise<JsonResult>;
  /** What `_meta` says about this request: whether its API key was verified, and when it was answered. */
  facts(): ReadFacts;
}

/** A result to write, or nothing when the handler answered itself (a stream). */
type Answer = JsonResult | undefined;

export interface PublicHandler {
  /** The route's handler stage: read the input, handle, answer. */
  run(deps: HandlerDeps, input: PublicRequestInput): RequestHandler;
}

/** The handler of `operationId`: its error wording (spec/public-read-api.md) and what it does with its typed input. */
export function publicHandler<Id extends PublicOperationId>(
  operationId: Id,
  handle: (context: PublicHandlerContext<Id>, deps: HandlerDeps) => Answer | Promise<Answer>,
  options: { errors?: PublicErrorPresentation; precedence?: ParameterPrecedence } = {},
): PublicHandler {
  return {
    run: (deps, input) => async (req, res) => {
      if (options.errors) presentPublicErrors(res, options.errors);
      const routeId = String(res.locals.routeId);
      const result = await handle(
        {
          input: input.read(operationId, req, options.precedence),
          res,
          routeId,
          cached: (parts, compute) => deps.cache.read(res, `${routeId}|${JSON.stringify(parts)}`, compute),
          facts: () => ({ authenticated: authOf(res).authenticated, requestedAt: deps.context.now() }),
        },
        deps,
      );
      if (result) respond(req, res, result);
    },
  };
}

/** The public API's part of an operation's route: every /api route takes the optional key and the per-client limit. */
export function publicOperationRoute(deps: HandlerDeps, input: PublicRequestInput) {
  return (_operation: unknown, handler: PublicHandler): Omit<RouteDeclaration, 'method' | 'path'> => ({
    key: 'optional',
    limiter: 'public',
    body: 'none',
    steps: [handler.run(deps, input)],
  });
}
