import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet tuned for JSON APIs: a CSP that allows nothing (responses are data, never documents to render), no
 * framing, and a cross-origin resource policy that lets browsers embed public data (public-read serves CORS `*`).
 * Routes that serve HTML (interactive docs) set their own Content-Security-Policy header.
 */
export const apiHelmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
};

export function securityHeadersMiddleware(options: HelmetOptions = apiHelmetOptions): RequestHandler {
  return helmet(options);
}
