import type { RequestHandler } from 'express';
import { requestIdOf } from '#shared/http/request-id.middleware.js';
import { type EdgeSteps, type RouteRegistrar } from '#shared/http/route-registrar.js';
import { methodsWithBody } from '#shared/http/request-body.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { limiterKindFor, type RateLimiters } from '../rate-limit/operation-limiters.js';
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

/** The trading API's admission steps, which each operation picks by declaration (see v1EdgeSteps). */
export interface V1EdgeParts {
  authenticate: RequestHandler;
  /** 403 IP_NOT_ALLOWED. */
  allowlist: RequestHandler;
  /** 403 INSUFFICIENT_SCOPE for an operation's declared scope. */
  scope: (scope: string) => RequestHandler;
  rateLimiters: RateLimiters;
  signature: RequestHandler;
  usage: UsageRecorder;
}

/**
 * The edge of /v1 in the order of DESIGN.md §6, after the kill switch and the body: key (counted in usage once
 * known) → IP allowlist → scope → rate limit → signature.
 */
export function v1EdgeSteps(parts: V1EdgeParts): EdgeSteps {
  const countRequest: RequestHandler = (_req, res, next) => {
    parts.usage.recordRequest(authOf(res).key.record.id);
    next();
  };
  const { reads, windowedWrites, bucketedWrites } = parts.rateLimiters;
  return {
    key: { required: [parts.authenticate, countRequest, parts.allowlist] },
    scope: parts.scope,
    limiters: { reads: reads.admit, windowedWrites: windowedWrites.admit, bucketedWrites: bucketedWrites.admit },
    signature: parts.signature,
    placement: 'after-body',
  };
}

export interface V1PipelineSteps {
  validate: RequestHandler;
  handlers: Record<string, OperationHandler>;
  /** operationId → handler that takes the response over (Server-Sent Events). */
  streamingHandlers?: Record<string, StreamingHandler>;
  /** Operations that honour `Prefer: wait=N` (decision 0022). */
  waitingReads?: WaitingReads;
  now?: () => number;
}

/**
 * Declares every authenticated operation of the description: a required key, the scope and the limiter kind its
 * description gives, signature checking, then version → validation → handler (the edge places them, see
 * v1EdgeSteps). Every response of a deprecated operation, errors included, carries its Deprecation/Sunset
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
      key: 'required',
      scope: operation.scope,
      limiter: limiterKindFor(operation),
      signature: true,
      steps: [apiVersionSelectionMiddleware, steps.validate, run],
    });
  }
}
