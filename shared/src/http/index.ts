export { requestObservationMiddleware, type RequestObservationOptions } from './request-observation.middleware.js';
export { routeNotFoundError, toHttpAppError, type ErrorStyle } from './error-mapping.js';
export { errorMiddleware, notFoundMiddleware, type ErrorMiddlewareOptions } from './error-middleware.js';
export type { PublicErrorPresentation } from './error-renderers.js';
export { presentPublicErrors } from './public-error-presentation.js';
export { createHttpApp, DEFAULT_BODY_LIMIT_BYTES, type HttpAppOptions } from './http-app.js';
export { createHttpMetrics, registeredMetric, routeIdOf, UNMATCHED_ROUTE, type HttpMetrics } from './http-metrics.js';
export { startHttpServer, type RunningServer, type StartHttpServerOptions } from './http-server.js';
export { markShuttingDown, onAppShuttingDown } from './lifecycle.js';
export {
  createReadinessProbe,
  DependencyNotReady,
  type CheckStatus,
  type ReadinessCheck,
  type ReadinessReport,
} from './readiness.js';
export { acceptRequestId, REQUEST_ID_HEADER, requestIdOf, requestStartMiddleware } from './request-id.middleware.js';
export {
  createRouteRegistrar,
  routeDisabledOf,
  type EdgeSteps,
  type HttpMethod,
  type KeyRequirement,
  type RouteAdmission,
  type RouteRegistrar,
} from './route-registrar.js';
export { apiHelmetOptions, documentSecurityHeaders, staticSecurityHeaders } from './security-headers.middleware.js';
export { installShutdownSignals, type ShutdownSignalOptions } from './shutdown-signals.js';
export { parseTrustProxy } from './trust-proxy.js';
export {
  addressGroupOf,
  canonicalAddress,
  resolveClientAddress,
  UNKNOWN_CLIENT,
  type ClientAddress,
  type ClientAddressInput,
} from './client-address.js';
export { clientAddressMiddleware, clientAddressOf } from './client-address.middleware.js';
export { runSteps } from './run-steps.js';
