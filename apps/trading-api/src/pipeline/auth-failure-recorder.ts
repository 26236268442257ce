import type { Response } from 'express';
import type { Knex } from 'knex';
import { recordAuthFailure } from '../db/auth-failures/auth-failures.repository.js';
import type { AppError } from '#shared/errors/app-error.js';
import { clientAddressOf } from '#shared/http/client-address.js';
import { requestIdOf } from '#shared/http/request-id.middleware.js';
import type { Logger } from '#shared/logger/logger.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { AuthLockout } from './auth-lockout.js';
import { operationOf } from './request-context.js';

export interface AuthFailureEvent {
  error: AppError;
  /** The client's address (clientAddressOf): audited as is; the lockout counts its group (an IPv6 /64). */
  ip: string;
  route: string;
  requestId: string;
  /** The key the request presented, when it matched one. */
  apiKeyId: string | null;
}

export type AuthFailureRecorder = (event: AuthFailureEvent) => Promise<void>;

/**
 * Every authentication or authorisation failure is written to the auth_failures audit log (per key, or per IP when
 * no key matched) and counted in the key's usage. Only 401s count toward the per-IP lockout. Recording never turns
 * the original failure into another error.
 */
export function createAuthFailureRecorder(deps: {
  db: Knex;
  lockout: AuthLockout;
  usage: UsageRecorder;
  logger: Logger;
}): AuthFailureRecorder {
  return async (event) => {
    const writes: Array<Promise<unknown>> = [
      recordAuthFailure(deps.db, {
        apiKeyId: event.apiKeyId,
        ip: event.ip,
        code: event.error.code,
        route: event.route,
        requestId: event.requestId,
      }),
    ];
    if (event.error.status === 401) writes.push(deps.lockout.recordFailure(event.ip));
    if (event.apiKeyId) deps.usage.recordAuthFailure(event.apiKeyId);
    const results = await Promise.allSettled(writes);
    for (const result of results) {
      if (result.status === 'rejected')
        deps.logger.warn({ err: result.reason, requestId: event.requestId }, 'auth failure not recorded');
    }
  };
}

/** Records the refusal of this request (its address, operation and request id), then rejects with the error itself. */
export async function refuseAudited(
  record: AuthFailureRecorder,
  res: Response,
  error: AppError,
  apiKeyId: string | null,
): Promise<never> {
  const ip = clientAddressOf(res).address;
  await record({ error, ip, route: operationOf(res).routeId, requestId: requestIdOf(res), apiKeyId });
  throw error;
}
