/*
 * Test-only: what must never reach a client — stack frames, SQL and driver errors, file-system paths, connection
 * URLs and secrets. A match that also occurs in the request is the client's own input echoed back, not a leak.
 */
export interface Leak {
  kind: string;
  excerpt: string;
}

const PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['stack trace', /\bat (?:async )?[\w$.<>]+ \(?(?:file:\/\/|\/|node:)[^)\s]*:\d+:\d+\)?/],
  ['stack trace', /\n\s+at [^\n]+:\d+:\d+/],
  ['error class', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError): /],
  ['file path', /\/(?:work|home|root|usr|app|srv|opt)\/[\w.-]+\//],
  ['file path', /node_modules|\.tsx?:\d+|\.m?js:\d+/],
  ['sql', /\b(?:SELECT\s+[\w*`,. ]+\s+FROM|INSERT\s+INTO|UPDATE\s+`?\w+`?\s+SET|DELETE\s+FROM)\b/i],
  ['sql', /\bER_[A-Z_]{3,}\b|sqlMessage|sqlState|You have an error in your SQL syntax|ECONNREFUSED|ETIMEDOUT/],
  ['connection url', /\b(?:mysql|mariadb|redis|rediss|amqps?|postgres(?:ql)?):\/\/[^\s"']+/i],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['webhook secret', /whsec_[A-Za-z0-9_-]{8,}/],
  ['environment', /\b(?:DATABASE_URL|API_KEY_PEPPER|WEBHOOK_SECRET_KEY|EXECUTOR_PRIVATE_KEY)\b/],
];

const excerptAround = (text: string, index: number, length: number): string =>
  text.slice(Math.max(0, index - 40), index + length + 40).replace(/\s+/g, ' ');

export interface LeakCheck {
  /** The response as text (body and header values). */
  response: string;
  /** The request as text: matches found here too are echoes, not leaks. */
  request: string;
  /** Literal secrets of the deployment under test (pepper, keys, private keys). */
  secrets?: readonly string[];
  /** Kinds a response may legitimately carry (e.g. the webhook secret of a rotate). */
  allowedKinds?: readonly string[];
}

/** Every leak in a response, at most one per kind. */
export function findLeaks(check: LeakCheck): Leak[] {
  const allowed = new Set(check.allowedKinds ?? []);
  const found = new Map<string, Leak>();
  for (const [kind, pattern] of PATTERNS) {
    if (allowed.has(kind) || found.has(kind)) continue;
    const match = pattern.exec(check.response);
    if (match && !check.request.includes(match[0])) {
      found.set(kind, { kind, excerpt: excerptAround(check.response, match.index, match[0].length) });
    }
  }
  for (const secret of check.secrets ?? []) {
    if (secret.length < 8 || found.has('secret')) continue;
    const index = check.response.indexOf(secret);
    if (index >= 0 && !check.request.includes(secret)) {
      found.set('secret', { kind: 'secret', excerpt: `${secret.slice(0, 6)}… at offset ${index}` });
    }
  }
  return [...found.values()];
}
