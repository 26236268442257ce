/*
 * What logs and operator messages may show of a URL: its scheme and host, no user or password, no path or query (an
 * RPC provider's key often sits in its path, a webhook's token in its query). Used by config errors (load-config.ts)
 * and by the logger's error serializer, since driver and chain client errors quote the URL they failed on (viem's
 * `URL: …` and `Request body: …` lines, pino's `caused by:` chain).
 */

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
const REQUEST_BODY_LINE = /^(\s*Request body:).*$/gm;

/**
 * A URL as its scheme and host, with `***@` where it held credentials and `/…` where it had a path or query; of a URL
 * too malformed to parse, its scheme and what follows its last `@` up to a path, or nothing but the scheme (a value
 * with no scheme, `@` or `:` shows as it is).
 */
export function urlWithoutSecrets(text: string): string {
  try {
    const url = new URL(text);
    const credentials = url.username || url.password ? '***@' : '';
    const rest = (url.pathname && url.pathname !== '/') || url.search ? '/…' : '';
    return `${url.protocol}//${credentials}${url.host}${rest}`;
  } catch {
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text)?.[0] ?? '';
    // Without a scheme, `@` or `:` it cannot hold a user and password (`nope`, `not a url`): it shows as it is.
    if (scheme === '' && !/[:@]/.test(text)) return text;
    const at = text.lastIndexOf('@');
    if (at < 0) return `${scheme}***`;
    return `${scheme}***@${text.slice(at + 1).split(/[/?#]/, 1)[0] ?? ''}`;
  }
}

/** `text` with every URL in it shown by urlWithoutSecrets and every `Request body:` line's content left out. */
export function textWithoutSecrets(text: string): string {
  return text.replace(URL_IN_TEXT, urlWithoutSecrets).replace(REQUEST_BODY_LINE, '$1 [not logged]');
}

/** Members of a serialized error that carry a request as sent (viem's HttpRequestError: `body`, `headers`). */
const REQUEST_MEMBERS = new Set(['body', 'headers', 'requestBody']);

/** A serialized error (pino's `err`) with textWithoutSecrets applied to every string in it, however deep. */
export function errorWithoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return textWithoutSecrets(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => errorWithoutSecrets(item, depth + 1));
  const scrubbed: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    scrubbed[name] = REQUEST_MEMBERS.has(name) ? '[not logged]' : errorWithoutSecrets(member, depth + 1);
  }
  return scrubbed;
}
