import type { RequestHandler } from 'express';
import { requestIdOf, type RouteRegistrar } from '#shared/http/index.js';
import { methodsWithBody } from '#shared/http/request-body.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { rateLimiterFor, type RateLimiters } from '../rate-limit/operation-limiters.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import { apiVersionSelectionMiddleware } from './api-version.js';
import { deprecationHeaders } from './deprecation.js';
import type { HandlerResult, OperationHandler } from './operation-handler.js';
import { apiVersionOf, authOf, inputOf, setOperation } from './request-context.js';
import { respond } from './respond.js';
import type { StreamingHandler } from './streaming-handler.js';
import { answerWaitingRead, requestedWaitSeconds, type WaitingReads } from './waiting-read.js';

/** Operations without an API key; served by the infrastructure and docs routes, never by this pipeline. */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'getHealth',
  'getReady',
  'getOpenApiDocument',
  'getApiReference',
  'getErrorDocumentation',
]);

export interface V1PipelineSteps {
  authenticate: RequestHandler;
  /** 403 IP_NOT_ALLOWED. */
  allowlist: RequestHandler;
  /** 403 INSUFFICIENT_SCOPE. */
  scope: RequestHandler;
  rateLimiters: RateLimiters;
  signature: RequestHandler;
  validate: RequestHandler;
  usage: UsageRecorder;
  handlers: Record<string, OperationHandler>;
  /** operationId → handler that takes the response over (Server-Sent Events). */
  streamingHandlers?: Record<string, StreamingHandler>;
  /** Operations that honour `Prefer: wait=N` (decision 0022). */
  waitingReads?: WaitingReads;
  now?: () => number;
}

/**
 * Registers every authenticated operation of the description on the registrar's router, each in the order of
 * DESIGN.md §6: kill switch → body size → key → IP allowlist → scope → rate limit → signature → version →
 * validation → handler. Every response of a deprecated operation, errors included, carries its Deprecation/Sunset
 * headers. Fails at start-up (fail closed) when an operation has no scope and is not a known public route, has no
 * handler, or has deprecation dates that do not parse.
 */
export function mountV1Operations(
  registrar: RouteRegistrar,
  operations: readonly OperationDescriptor[],
  steps: V1PipelineSteps,
): void {
  const now = steps.now ?? Date.now;
  for (const operation of operations) {
    if (operation.scope === null) {
      if (!PUBLIC_OPERATIONS.has(operation.operationId)) {
        throw new Error(`operation ${operation.operationId} has no scope and is not a public route`);
      }
      continue;
    }
    const handler = steps.handlers[operation.operationId];
    const streaming = steps.streamingHandlers?.[operation.operationId];
    if (!handler && !streaming) throw new Error(`operation ${operation.operationId} has no handler`);
    const waitTopic = steps.waitingReads?.topics[operation.operationId];
    const deprecation = Object.entries(deprecationHeaders(operation));
    const begin: RequestHandler = (_req, res, next) => {
      for (const [name, value] of deprecation) res.setHeader(name, value);
      setOperation(res, operation);
      next();
    };
    const countRequest: RequestHandler = (_req, res, next) => {
      steps.usage.recordRequest(authOf(res).key.record.id);
      next();
    };
    const run: RequestHandler = (req, res) => {
      const auth = authOf(res);
      const context = { requestId: requestIdOf(res), now: new Date(now()) };
      const handlerContext = { ...context, input: inputOf(res), auth, apiVersion: apiVersionOf(res) ?? '' };
      if (streaming) return streaming(handlerContext, res);
      if (!handler) return;
      const waits = steps.waitingReads;
      const topic = waits && waitTopic?.(handlerContext.input);
      const seconds = waits && topic ? requestedWaitSeconds(req.get('prefer'), waits.maxWaitSeconds) : null;
      if (waits && topic && seconds !== null) {
        const request = {
          req,
          res,
          operation,
          topic,
          seconds,
          now,
          context: { ...context, apiKeyId: auth.key.record.id },
        };
        const render = () => handler({ ...handlerContext, now: new Date(now()) });
        return Promise.resolve(render()).then((first) => answerWaitingRead(waits, { ...request, render }, first));
      }
      const answer = (result: HandlerResult): void =>
        respond(req, res, operation, { ...context, apiKeyId: auth.key.record.id }, result);
      const result = handler(handlerContext);
      // A cached read answers synchronously: no promise on the hot path.
      return result instanceof Promise ? result.then(answer) : answer(result);
    };
    registrar.declare({
      method: operation.method,
      path: operation.expressPath,
      body: methodsWithBody.has(operation.method) ? 'raw' : 'none',
      before: [begin],
      steps: [
        steps.authenticate,
        countRequest,
        steps.allowlist,
        steps.scope,
        rateLimiterFor(steps.rateLimiters, operation).admit,
        steps.signature,
        apiVersionSelectionMiddleware,
        steps.validate,
        run,
      ],
    });
  }
}
