/**
 * What the CLI may keep of an operator's arguments in the audit log: plain JSON values, long text clipped, and any
 * of this deployment's secrets (the key pepper, the webhook-secret key, the admin's private key, the database
 * password) and anything shaped like a plaintext API key or webhook secret masked, should an operator paste one
 * into a flag. The repository masks the shapes again on every write, whoever the writer.
 */
import { REDACTED, redactSecretShapes } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { isAppError } from '#shared/errors/app-error.js';
import { recoveryFactsOf, toCliError, type RecoveryFacts } from '../cli-output.js';

export const MAX_AUDIT_TEXT = 500;
/** target_id is VARCHAR(64). */
const MAX_TARGET_ID = 64;
/** Shorter strings are too likely to occur by chance to be masked wherever they appear. */
const MIN_SECRET_LENGTH = 16;

export interface AuditRedactor {
  /** A JSON-safe copy: bigint as string, Date as ISO text, undefined dropped, text clipped, secrets masked. */
  details(values: Record<string, unknown>): Record<string, unknown>;
  /** The id as a target column value, or null when it is empty, too long or holds a secret (the details keep it). */
  targetId(id: string): string | null;
  /** Whether any text in `values` holds one of this deployment's secrets. */
  holdsSecret(values: Record<string, unknown>): boolean;
}

export function createAuditRedactor(secrets: readonly string[]): AuditRedactor {
  const masked = secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const text = (value: string): string => {
    const clean = masked.reduce((result, secret) => result.split(secret).join(REDACTED), redactSecretShapes(value));
    return clean.length > MAX_AUDIT_TEXT ? `${clean.slice(0, MAX_AUDIT_TEXT)}…` : clean;
  };
  const copy = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(copy);
    if (value !== null && typeof value === 'object') return copyObject(value);
    return value === undefined ? null : value;
  };
  const copyObject = (values: object): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, copy(value)]),
    );
  return {
    details: copyObject,
    holdsSecret: (values) => {
      const json = JSON.stringify(values, (_key, value: unknown) =>
        typeof value === 'bigint' ? String(value) : value,
      );
      return masked.some((secret) => json.includes(JSON.stringify(secret).slice(1, -1)));
    },
    targetId(id) {
      const trimmed = id.trim();
      const safe = text(trimmed);
      return trimmed.length > 0 && trimmed.length <= MAX_TARGET_ID && safe === trimmed ? trimmed : null;
    },
  };
}

/**
 * The outcome and the reason an audit entry keeps for a refused action: the error code and its operator-facing
 * detail, with its recovery facts (a sent transaction's hash, the id a create chose). An unexpected error keeps only
 * its class name (its message may quote SQL or a stack; stderr has it).
 */
export function refusalOf(error: unknown): { outcome: string; reason: string } & RecoveryFacts {
  if (isAppError(error)) return { outcome: error.code, reason: error.detail, ...recoveryFactsOf(error) };
  const name = error instanceof Error ? error.name : typeof error;
  return { outcome: toCliError(error).code, reason: `unexpected ${name}` };
}
