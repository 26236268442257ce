/*
 * The bytes and headers of one delivery (spec "Headers on each delivery", plus the Standard Webhooks headers): the
 * stored envelope as JSON, signed at the attempt's time with the key's current secret and, during the 7-day overlap
 * after a rotation, each secret it replaced too (a signature each in each scheme, newest first).
 */
import { messageOf } from '#shared/errors/thrown-values.js';
import type { OpenWebhookEvent } from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import type { WebhookSettings } from '#shared/db/api-keys/api-key-secrets.repository.js';
import { signWebhookBody, standardWebhookHeaders } from './webhook-signature.js';
import type { DispatcherDeps } from './dispatcher-deps.js';

/** The key's secret cannot be opened (no secret stored, or sealed under another WEBHOOK_SECRET_KEY). */
export class SigningSecretUnavailable extends Error {}

/** The secrets that sign a delivery at `at`: the current one, and each replaced one during its 7-day overlap. */
export function signingSecrets(deps: Pick<DispatcherDeps, 'secrets'>, settings: WebhookSettings, at: Date): string[] {
  try {
    if (!settings.secretEnc) throw new Error('the key has a webhook URL but no webhook secret');
    const secrets = [deps.secrets.open(settings.secretEnc)];
    for (const previous of settings.previousSecrets) {
      if (previous.expiresAt > at) secrets.push(deps.secrets.open(previous.secretEnc));
    }
    return secrets;
  } catch (error) {
    throw new SigningSecretUnavailable(
      `cannot open the webhook secret of api key ${settings.apiKeyId}: ${messageOf(error)}`,
    );
  }
}

export function signedDelivery(
  deps: Pick<DispatcherDeps, 'userAgent'>,
  event: OpenWebhookEvent,
  secrets: readonly string[],
  at: Date,
): [body: string, headers: Record<string, string>] {
  const body = JSON.stringify(event.payload);
  const timestampMs = at.getTime();
  return [
    body,
    {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Service-Signature': signWebhookBody(secrets, timestampMs, body),
      'X-Service-Event-Id': event.id,
      'X-Service-Api-Version': String(event.payload.apiVersion),
      'User-Agent': deps.userAgent,
      ...standardWebhookHeaders(secrets, event.id, timestampMs, body),
    },
  ];
}
