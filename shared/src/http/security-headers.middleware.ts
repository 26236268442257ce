import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet tuned for JSON APIs (OWASP REST Security Cheat Sheet): a CSP that allows nothing (responses are data, never
 * documents to render), no framing (CSP frame-ancestors and X-Frame-Options: DENY), nosniff, HSTS, no referrer, and
 * a cross-origin resource policy that lets browsers embed public data (public-read serves CORS `*`). The headers that
 * only govern HTML documents, windows or retired plug-ins (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) are left off JSON responses: they protect
 * nothing there and cost every response (docs/decisions/0012). Routes that serve HTML add documentSecurityHeaders.
 */
export const apiHelmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Helmet's full document defaults with the page's own CSP: for the few routes that serve HTML (API reference). */
export function documentSecurityHeaders(contentSecurityPolicy: string): Array<[string, string]> {
  return staticSecurityHeaders({ contentSecurityPolicy: false }).concat([
    ['Content-Security-Policy', contentSecurityPolicy],
  ]);
}

/**
 * The headers helmet sets for `options`. They do not depend on the request (no nonces in this configuration),
 * so they are computed once per app and set from a table on each response instead of running helmet each time.
 */
export function staticSecurityHeaders(options: HelmetOptions = apiHelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  // cast: without nonces helmet reads nothing from the request and only calls setHeader/removeHeader on the response.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
}
