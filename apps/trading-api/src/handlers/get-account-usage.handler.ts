import type { Knex } from 'knex';
import { resourceEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { getAccountUsage } from '../use-cases/get-account-usage.use-case.js';

/** GET /v1/account/usage → `{ usage, data, _meta }` for the calling key. */
export function getAccountUsageHandler(deps: { db: Knex }): OperationHandler {
  return async ({ auth, now }) => {
    const usage = await getAccountUsage(deps, { apiKeyId: auth.key.record.id, now });
    return { status: 200, body: resourceEnvelope('usage', usage) };
  };
}
