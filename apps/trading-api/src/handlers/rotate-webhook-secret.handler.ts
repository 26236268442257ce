import type { Knex } from 'knex';
import type { SecretBox } from '#shared/auth/secret-box.js';
import { resourceEnvelope } from '../http/envelope.js';
import type { OperationHandler } from '../pipeline/operation-handler.js';
import { presentWebhookSecret } from '../presenters/webhook-event.presenter.js';
import { rotateWebhookSecret } from '../use-cases/rotate-webhook-secret.use-case.js';

/** POST /v1/auth/api-keys/me/webhook-secret/rotate → 200 `{webhookSecret, data, _meta}` (the new secret, once). */
export function rotateWebhookSecretHandler(deps: { db: Knex; webhookSecrets: SecretBox }): OperationHandler {
  return async ({ auth, now }) => {
    const rotated = await rotateWebhookSecret(deps, { apiKeyId: auth.key.record.id, now });
    return {
      status: 200,
      body: resourceEnvelope('webhookSecret', presentWebhookSecret(rotated)),
      meta: { idempotent: false },
    };
  };
}
