/* A delivery checked as a Standard Webhooks receiver checks it: with the `standardwebhooks` package's verify. */
import { jest } from '@jest/globals';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** Whether `secret` verifies the delivery at `nowMs` (the package reads the clock; tests run at their own time). */
export function verifiesAsStandardWebhook(
  headers: IncomingHttpHeaders | Record<string, string>,
  rawBody: string,
  secret: string,
  nowMs: number,
): boolean {
  const clock = jest.spyOn(Date, 'now').mockReturnValue(nowMs);
  const plain = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
  try {
    new Webhook(secret).verify(rawBody, plain);
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  } finally {
    clock.mockRestore();
  }
}
