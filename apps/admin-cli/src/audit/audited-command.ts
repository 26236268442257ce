import type { Knex } from 'knex';
import { AppError } from '#shared/errors/app-error.js';
import { messageOf } from '#shared/errors/thrown-values.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import type { AdminContext } from '../admin-context.js';
import { findUserByReference, UUID_PATTERN } from '../use-cases/user-lookup.js';
import { createAuditRedactor, refusalOf, type AuditRedactor } from './audit-details.js';

/** What an invocation acts on, as the operator named it. A user reference (id or email) is filed under the user's id. */
export type AuditTarget =
  { type: 'api_key' | 'market' | 'trade' | 'signer'; id: string } | { type: 'user'; reference: string };

export interface AuditedRequest {
  target?: AuditTarget;
  /** The operator's arguments as given (flag values are plain text: never a key, a hash or a secret). */
  args: Record<string, unknown>;
}

export interface Completion {
  /** The use case wrote the success entry itself, in the transaction of the change it audits. */
  recordedByUseCase?: boolean;
  /** Safe facts about the result (counts, ids) for the success entry this wrapper writes. */
  details?: Record<string, unknown>;
  /** Prints the result: only once the invocation is audited. */
  print(): void;
  /** Its result leaves work undone (exitCodes.incomplete): audited as a success, the exit code says the rest. */
  incomplete?: boolean;
}

export interface AuditedCommand<A extends unknown[]> {
  /** Dotted verb, e.g. `keys.show`. */
  action: string;
  /** Reads the raw commander arguments; must not throw (parsing belongs in `run`, where a refusal is audited). */
  describe(...args: A): AuditedRequest;
  run(...args: A): Promise<Completion>;
  /**
   * `migrations`: the audit table may not exist yet, or may lack a column a pending migration adds. A failed
   * audit write then only warns on stderr instead of failing the command.
   */
  bestEffort?: boolean;
}

/**
 * Wraps a command's action so that every invocation that reaches it leaves exactly one `admin_audit_log` row:
 * the use case's own entry when it changed something, else one written here with `outcome` = `success` (before
 * the result is printed: a read whose audit entry cannot be stored fails) or the error code that refused it.
 * A refusal's audit write never hides the refusal: if it fails, stderr says so and the original error stands.
 */
export function audited<A extends unknown[]>(
  context: AdminContext,
  command: AuditedCommand<A>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    const request = command.describe(...args);
    const redactor = createAuditRedactor(deploymentSecrets(context));
    let completion: Completion;
    try {
      // A use case writes its own entry unmasked: an argument holding a secret is refused before anything runs.
      if (redactor.holdsSecret(request.args)) throw secretInArguments();
      completion = await command.run(...args);
    } catch (error) {
      const { outcome, ...refusal } = refusalOf(error);
      await writeEntry(context, redactor, command.action, request, outcome, refusal).catch((auditError: unknown) =>
        warnUnaudited(context, command.action, auditError),
      );
      throw error;
    }
    if (!completion.recordedByUseCase) {
      const written = writeEntry(context, redactor, command.action, request, 'success', completion.details ?? {});
      if (command.bestEffort)
        await written.catch((auditError: unknown) => warnUnaudited(context, command.action, auditError));
      else await written;
    }
    completion.print();
    if (completion.incomplete) context.markIncomplete();
  };
}

const secretInArguments = (): AppError =>
  new AppError('VALIDATION_FAILED', {
    detail:
      "an argument holds one of this deployment's secrets (key pepper, webhook-secret key, admin key or " +
      'database password); nothing was done',
  });

async function writeEntry(
  context: AdminContext,
  redactor: AuditRedactor,
  action: string,
  request: AuditedRequest,
  outcome: string,
  facts: Record<string, unknown>,
): Promise<void> {
  const db = await context.db();
  await recordAdminAction(db, {
    actor: context.actor(),
    action,
    ...(await targetColumns(db, redactor, request.target)),
    outcome,
    details: redactor.details({ ...request.args, ...facts }),
  });
}

async function targetColumns(
  db: Knex,
  redactor: AuditRedactor,
  target: AuditTarget | undefined,
): Promise<{ targetType: string | null; targetId: string | null }> {
  if (target === undefined) return { targetType: null, targetId: null };
  if (target.type !== 'user') return { targetType: target.type, targetId: redactor.targetId(target.id) };
  const user = await findUserByReference(db, target.reference).catch(() => null);
  const reference = target.reference.trim().toLowerCase();
  // An unknown user named by id is still filed under that id; an unknown email stays in the details only.
  return { targetType: 'user', targetId: user?.id ?? (UUID_PATTERN.test(reference) ? reference : null) };
}

function deploymentSecrets(context: AdminContext): string[] {
  const { API_KEY_PEPPER, WEBHOOK_SECRET_KEY, PLATFORM_ADMIN_PRIVATE_KEY, DATABASE_URL } = context.config;
  const { API_KEY_PEPPER_PREVIOUS, WEBHOOK_SECRET_KEY_PREVIOUS } = context.config;
  return [
    API_KEY_PEPPER,
    WEBHOOK_SECRET_KEY,
    ...(API_KEY_PEPPER_PREVIOUS === undefined ? [] : [API_KEY_PEPPER_PREVIOUS]),
    ...(WEBHOOK_SECRET_KEY_PREVIOUS === undefined ? [] : [WEBHOOK_SECRET_KEY_PREVIOUS]),
    PLATFORM_ADMIN_PRIVATE_KEY,
    PLATFORM_ADMIN_PRIVATE_KEY.slice(2),
    ...passwordOf(DATABASE_URL),
  ];
}

/** The database password, raw and decoded (a malformed %-escape keeps only the raw form). */
function passwordOf(databaseUrl: string): string[] {
  const raw = URL.canParse(databaseUrl) ? new URL(databaseUrl).password : '';
  try {
    return [raw, decodeURIComponent(raw)];
  } catch {
    return [raw];
  }
}

function warnUnaudited(context: AdminContext, action: string, error: unknown): void {
  const message = messageOf(error);
  context.io.stderr(`warning: ${action} could not be written to the audit log: ${message}\n`);
}
