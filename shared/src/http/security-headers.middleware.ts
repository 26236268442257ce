import type { IncomingMessage, ServerResponse } from 'node:http';
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
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
}
