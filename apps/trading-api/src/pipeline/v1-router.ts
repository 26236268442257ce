import type { RequestHandler } from 'express';
import { AppError } from '#shared/errors/app-error.js';
import { CURRENT_API_VERSION } from '#shared/domain/api-version.js';
import { requestIdOf } from '#shared/http/request-id.middleware.js';
import { mountOperations, type EdgeSteps, type EdgeStage, type RouteRegistrar } from '#shared/http/route-registrar.js';
import { methodsWithBody } from '#shared/http/request-input.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { limiterKindFor, type RateLimiters } from '../rate-limit/operation-limiters.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import { deprecationHeaders } from './deprecation.js';
import {
  respondV1,
  type HandlerResult,
  type OperationHandler,
  apiVersionOf,
  authOf,
  inputOf,
  setApiVersion,
  setOperation,
} from './operation-handler.js';
import type { StreamingHandler } from './streaming-handler.js';
import { answerWaitingRead, requestedWaitSeconds, type WaitingReads } from './waiting-read.js';

/**
 * The admission order of /v1 (DESIGN.md §6), its one declaration: the operation's Deprecation/Sunset headers (on
 * every answer) → kill switch → body → key → IP allowlist → scope → rate limit → signature → version → validation →
 * handler.
 */
export const V1_ORDER: readonly EdgeStage[] = [
  'before',
  'killSwitch',
  'body',
  'key',
  'allowlist',
  'scope',
  'limiter',
  'signature',
  'version',
  'validation',
  'handler',
];

export { CURRENT_API_VERSION };
/** Versions served side by side (breaking changes run in parallel for 12 months). */
export const SUPPORTED_API_VERSIONS: readonly string[] = [CURRENT_API_VERSION];
export const API_VERSION_HEADER = 'X-Service-Api-Version';

/** Version selection: the optional request header pins a version; unknown → 400 API_VERSION_UNSUPPORTED. */
export const apiVersionSelectionMiddleware: RequestHandler = (req, res, next) => {
  const requested = req.get(API_VERSION_HEADER)?.trim();
  if (requested !== undefined && requested !== '' && !SUPPORTED_API_VERSIONS.includes(requested)) {
    throw new AppError('API_VERSION_UNSUPPORTED', {
      detail: `API version ${requested.slice(0, 32)} is not supported.`,
      extensions: { supported: SUPPORTED_API_VERSIONS },
    });
  }
  const version = requested || CURRENT_API_VERSION;
  setApiVersion(res, version);
  // The current label is already on every response (the app's static headers); only a pinned other one is set.
  if (version !== CURRENT_API_VERSION) res.setHeader(API_VERSION_HEADER, version);
  next();
};

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

/** The steps of /v1's stages (V1_ORDER); the key is counted in usage once known. */
export function v1EdgeSteps(parts: V1EdgeParts): EdgeSteps {
  const countRequest: RequestHandler = (_req, res, next) => {
    parts.usage.recordRequest(authOf(res).key.record.id);
    next();
  };
  const { reads, windowedWrites, bucketedWrites } = parts.rateLimiters;
  return {
    order: V1_ORDER,
    key: { required: [parts.authenticate, countRequest] },
    allowlist: parts.allowlist,
    scope: parts.scope,
    limiters: { reads: reads.admit, windowedWrites: windowedWrites.admit, bucketedWrites: bucketedWrites.admit },
    signature: parts.signature,
    version: apiVersionSelectionMiddleware,
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
 * Mounts every authenticated operation of the description (mountOperations): a required key, the scope and the
 * limiter kind its description gives, signature checking, version, validation and its handler, in V1_ORDER. Every
 * response of a deprecated operation, errors included, carries its Deprecation/Sunset headers. Fails at start-up
 * (fail closed) when an operation has no scope and is not a known public route, has no handler, or has deprecation
 * dates that do not parse.
 */
export function mountV1Operations(
  registrar: RouteRegistrar,
  operations: readonly OperationDescriptor[],
  steps: V1PipelineSteps,
): void {
  const now = steps.now ?? Date.now;
  for (const operation of operations) {
    if (operation.scope === null && !PUBLIC_OPERATIONS.has(operation.operationId)) {
      throw new Error(`operation ${operation.operationId} has no scope and is not a public route`);
    }
  }
  mountOperations(registrar, {
    operations,
    handlers: { ...steps.handlers, ...steps.streamingHandlers },
    servedElsewhere: PUBLIC_OPERATIONS,
    route: (operation) => ({
      body: methodsWithBody.has(operation.method) ? 'raw' : 'none',
      before: [beginOperation(operation)],
      key: 'required',
      scope: operation.scope ?? undefined,
      switchedOffWith: operation.switchedOffWith,
      ...(operation.bodyLimitBytes === null ? {} : { bodyLimitBytes: operation.bodyLimitBytes }),
      limiter: limiterKindFor(operation),
      signature: true,
      version: true,
      validation: steps.validate,
      steps: [runOperation(operation, steps, now)],
    }),
  });
}

/** Sets the operation and its Deprecation/Sunset headers (computed once) on every answer, errors included. */
function beginOperation(operation: OperationDescriptor): RequestHandler {
  const deprecation = Object.entries(deprecationHeaders(operation));
  return (_req, res, next) => {
    for (const [name, value] of deprecation) res.setHeader(name, value);
    setOperation(res, operation);
    next();
  };
}

/** Runs the operation's handler and answers with its result (a streaming handler answers itself). */
function runOperation(operation: OperationDescriptor, steps: V1PipelineSteps, now: () => number): RequestHandler {
  const handler = steps.handlers[operation.operationId];
  const streaming = steps.streamingHandlers?.[operation.operationId];
  const waits = steps.waitingReads;
  const waitTopic = waits?.topics[operation.operationId];
  return (req, res) => {
    const auth = authOf(res);
    const context = { requestId: requestIdOf(res), now: new Date(now()) };
    const handlerContext = { ...context, input: inputOf(res), auth, apiVersion: apiVersionOf(res) ?? '' };
    if (streaming) return streaming(handlerContext, res);
    if (!handler) return;
    const responseContext = { ...context, apiKeyId: auth.key.record.id };
    const topic = waits && waitTopic?.(handlerContext.input);
    const seconds = waits && topic ? requestedWaitSeconds(req.get('prefer'), waits.maxWaitSeconds) : null;
    if (waits && topic && seconds !== null) {
      const request = { req, res, operation, topic, seconds, now, context: responseContext };
      const render = () => handler({ ...handlerContext, now: new Date(now()) });
      return Promise.resolve(render()).then((first) => answerWaitingRead(waits, { ...request, render }, first));
    }
    const answer = (result: HandlerResult): void => respondV1(req, res, operation.routeId, responseContext, result);
    const result = handler(handlerContext);
    // A cached read answers synchronously: no promise on the hot path.
    return result instanceof Promise ? result.then(answer) : answer(result);
  };
}
