/*
 * The bytes and headers of one delivery (spec "Headers on each delivery"): the stored envelope as JSON, signed at
 * the attempt's time with the key's current secret and, during the 7-day overlap after a rotation, the previous
 * one too (two v1 values, newest first).
 */
import type { OpenWebhookEvent, WebhookSettings } from '../../../../shared/src/db/index.js';
import { signWebhookBody } from '../../../../shared/src/webhooks/index.js';
import type { DispatcherDeps } from './dispatcher-deps.js';

export function signedDelivery(
  deps: Pick<DispatcherDeps, 'secrets' | 'userAgent'>,
  event: OpenWebhookEvent,
  settings: WebhookSettings,
  at: Date,
): [body: string, headers: Record<string, string>] {
  if (!settings.secretEnc) throw new Error(`api key ${settings.apiKeyId} has a webhook URL but no webhook secret`);
  const secrets = [deps.secrets.open(settings.secretEnc)];
  if (settings.previousSecretEnc && settings.previousExpiresAt && settings.previousExpiresAt > at) {
    secrets.push(deps.secrets.open(settings.previousSecretEnc));
  }
  const body = JSON.stringify(event.payload);
  return [
    body,
    {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Service-Signature': signWebhookBody(secrets, at.getTime(), body),
      'X-Service-Event-Id': event.id,
      'X-Service-Api-Version': String(event.payload.apiVersion),
      'User-Agent': deps.userAgent,
    },
  ];
}
