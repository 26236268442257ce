import { errorCatalogue, isErrorCode, type ErrorCode } from '#shared/errors/error-catalogue.js';

/** What a client should do about each code; codes without an entry show the catalogue title. */
const guidance: Partial<Record<ErrorCode, string>> = {
  API_KEY_MISSING: 'Send the key in the X-API-Key header on every data route.',
  API_KEY_MALFORMED:
    'Keys are svc_live_ or svc_test_ followed by 32 letters and digits. Check for truncation or whitespace.',
  API_KEY_INVALID:
    'The key is unknown, or belongs to the other environment (live keys on production, test keys on staging).',
  API_KEY_REVOKED: 'The key was revoked. Issue a new key and deploy it.',
  API_KEY_EXPIRED: 'The key passed its expiry date. Issue a new key.',
  REQUEST_SIGNATURE_INVALID:
    'X-Service-Signature must be t=<unix-ms>,v1=<hex HMAC-SHA256 keyed by the API key over "<t>.<METHOD>.<path>.<raw body>">, within 5 minutes. extensions.reason says stale, mismatch or malformed.',
  INSUFFICIENT_SCOPE:
    'The key lacks the scope this operation requires (extensions.requiredScope). Ask for a key with it.',
  IP_NOT_ALLOWED: "The request came from an address outside the key's IP allowlist.",
  AUTH_LOCKED_OUT: 'Too many authentication failures came from your address; wait for Retry-After seconds.',
  RATE_LIMIT_EXCEEDED:
    'Your per-user quota is used up (all keys of a user share it). Wait Retry-After seconds; watch X-RateLimit-Remaining.',
  VALIDATION_FAILED: 'A member of the body, query or path is invalid; extensions.field names it.',
  API_VERSION_UNSUPPORTED: 'Send one of extensions.supported in X-Service-Api-Version, or omit the header.',
  RESOURCE_NOT_FOUND: 'The resource does not exist or does not belong to your account.',
  PAYLOAD_TOO_LARGE: 'Request bodies are limited to 64 KiB.',
  ROUTE_DISABLED: 'Operations disabled this route temporarily; retry after Retry-After seconds.',
  DEPENDENCY_UNAVAILABLE: 'A backing service is degraded; retry after Retry-After seconds.',
  NOT_IMPLEMENTED: 'The operation is described in the OpenAPI document but not served by this release yet.',
  INTERNAL_ERROR: 'An unexpected error. Quote the requestId to support.',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The HTML page behind a problem's `type` URL; undefined for an unknown code. */
export function errorPage(code: string): string | undefined {
  if (!isErrorCode(code)) return undefined;
  const entry = errorCatalogue[code];
  const text = guidance[code] ?? entry.title;
  const retry =
    'retryAfterSeconds' in entry
      ? `<p>Carries <code>Retry-After</code>: the seconds to wait, at most ${entry.retryAfterSeconds}.</p>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${code} — Foretell Trading API</title></head>
<body><main>
<h1><code>${code}</code></h1>
<p>HTTP ${entry.status} — ${escapeHtml(entry.title)}</p>
<p>${escapeHtml(text)}</p>${retry}
<p>Error responses use <code>application/problem+json</code>; branch on <code>code</code> (also in the
<code>X-Service-Error-Code</code> header). <a href="../">API reference</a></p>
</main></body></html>
`;
}
