import express from 'express';
import type { HelmetOptions } from 'helmet';
import type { RouteSwitches } from '../kill-switch/route-switches.js';
import type { Logger } from '../logger/logger.js';
import { clientAddressMiddleware } from './client-address.js';
import { errorMiddleware, notFoundMiddleware, type ErrorStyle } from './error-middleware.js';
import { useEdgeDispatch, type PrefixMiddleware, createRouteTable } from './route-table.js';
import { createHttpMetrics, requestObservationMiddleware, type HttpMetrics } from './http-metrics.js';
import { infrastructureRouteIds, mountInfrastructureRoutes } from './infrastructure.routes.js';
import { createLifecycle, registerLifecycle } from './lifecycle.js';
import { createReadinessProbe, DEFAULT_READINESS_TIMEOUT_MS, type ReadinessCheck } from './readiness.js';
import { createJsonBodyReader, createRawBodyReader } from './request-input.js';
import { requestStartMiddleware } from './request-id.middleware.js';
import { createRouteRegistrar, type EdgeSteps, type RouteAdmission, type RouteRegistrar } from './route-registrar.js';
import { apiHelmetOptions, staticSecurityHeaders } from './security-headers.middleware.js';
import { parseTrustProxy } from './trust-proxy.js';

/** Larger bodies get 413 PAYLOAD_TOO_LARGE. */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface HttpAppOptions {
  serviceName: string;
  version: string;
  logger: Logger;
  /** RFC 7807 (/v1) or `{ error, message, code }` (/api). */
  errorStyle: ErrorStyle;
  /** Base of problem `type` URLs, e.g. `http://localhost:3000/v1/docs`. Default `/v1/docs`. */
  docsBaseUrl?: string;
  routeSwitches: RouteSwitches;
  readinessChecks: ReadinessCheck[];
  /** Default `['/health']`. */
  healthPaths?: string[];
  /** Default `['/ready']`. */
  readyPaths?: string[];
  /** Default `/metrics`. */
  metricsPath?: string;
  /** express 'trust proxy' setting (see parseTrustProxy); default `'false'`: X-Forwarded-For is never trusted. */
  trustProxy?: string;
  /**
   * How many addresses the gateway (a `trustProxy` source) appends to X-Forwarded-For; the client is the first of
   * them (client-address.ts). Default 1; Google's load balancers append 2 (the client, then the load balancer).
   */
  gatewayAppendedAddresses?: number;
  /** Default: a fresh registry from createHttpMetrics(serviceName). */
  metrics?: HttpMetrics;
  /** Per-check timeout of the ready endpoint. Default 1 s. */
  readinessTimeoutMs?: number;
  /** Replaces the API helmet configuration. */
  helmet?: HelmetOptions;
  /** The admission steps the app's routes pick by declaration (see EdgeSteps), and what `route()` picks. */
  edge?: EdgeSteps;
  routeDefaults?: RouteAdmission;
  /** Static headers on every response, infrastructure routes and errors included (e.g. the API version label). */
  responseHeaders?: Record<string, string>;
}

/**
 * The common express app of every deployable: request id + security headers → client address (client-address.ts,
 * also `req.ip`) → metrics + access log → prefix
 * middlewares → one route table (health/ready/metrics, never kill-switched, and the routes from `mountRoutes`:
 * kill switch, then JSON body) → 404 → one error middleware in the app's style, dispatched as one flat chain
 * (useEdgeDispatch) rather than through Express's router.
 */
export function createHttpApp(options: HttpAppOptions, mountRoutes: (router: RouteRegistrar) => void): express.Express {
  const { logger, errorStyle } = options;
  const app = express();
  app.set('etag', false);
  // Routes that support conditional requests compare their own ETag (the /v1 reads); express's built-in freshness
  // check would turn any other 2xx into an empty 304 for `If-None-Match: *` (health, documents, public reads).
  Object.defineProperty(app.request, 'fresh', { configurable: true, get: () => false });
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(options.trustProxy));
  const clientAddress = clientAddressMiddleware(app, { appendedAddresses: options.gatewayAppendedAddresses ?? 1 });

  const lifecycle = createLifecycle();
  registerLifecycle(app, lifecycle);
  const metrics = options.metrics ?? createHttpMetrics(options.serviceName);
  const paths = {
    healthPaths: options.healthPaths ?? ['/health'],
    readyPaths: options.readyPaths ?? ['/ready'],
    metricsPath: options.metricsPath ?? '/metrics',
  };

  const staticHeaders = [
    ...staticSecurityHeaders(options.helmet ?? apiHelmetOptions),
    ...Object.entries(options.responseHeaders ?? {}),
  ];

  const table = createRouteTable();
  mountInfrastructureRoutes(table, {
    ...paths,
    version: options.version,
    lifecycle,
    metrics,
    readyDetails: options.routeSwitches.describe
      ? () => ({ routeSwitches: options.routeSwitches.describe?.() })
      : undefined,
    readiness: createReadinessProbe(
      options.readinessChecks,
      logger,
      options.readinessTimeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS,
    ),
  });

  const bodyReaders = { json: createJsonBodyReader, raw: createRawBodyReader };
  const prefixed: PrefixMiddleware[] = [];
  const registrar = createRouteRegistrar({
    table,
    routeSwitches: options.routeSwitches,
    bodyReaders,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    edge: options.edge,
    routeDefaults: options.routeDefaults,
    use: (prefix, middleware) => prefixed.push({ prefix, middleware }),
  });
  mountRoutes(registrar);
  // What the app serves besides health/ready/metrics, for conformance tests against its OpenAPI document.
  app.locals.routeIds = registrar.routeIds;
  useEdgeDispatch(app, {
    start: [
      requestStartMiddleware(staticHeaders),
      clientAddress,
      requestObservationMiddleware({ logger, metrics, quietRoutes: infrastructureRouteIds(paths) }),
    ],
    prefixed,
    dispatch: table.dispatch,
    notFound: notFoundMiddleware(errorStyle),
    onError: errorMiddleware({ style: errorStyle, logger, docsBaseUrl: options.docsBaseUrl ?? '/v1/docs' }),
  });
  return app;
}
