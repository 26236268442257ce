/*
 * An example Foretell webhook receiver: node:http only, plus the client's verifier (`verifyWebhook` from
 * @foretell/client; clients/typescript/src/webhook-verification.ts imports only node:crypto, so it may be copied).
 *
 *   WEBHOOK_SECRET=whsec_… [WEBHOOK_PREVIOUS_SECRET=whsec_…] PORT=8080 npx tsx docs/webhooks/receiver-example.ts
 *
 * What a receiver must do, in order:
 *   1. Read the RAW body (the exact bytes): the signature covers them, not your JSON parser's re-serialisation.
 *   2. Verify X-Service-Signature before trusting anything. `t` is Unix time in MILLISECONDS (not seconds as
 *      Stripe-style verifiers assume); the tolerance is 5 minutes; during a secret rotation the header carries two
 *      v1 values and either may match, so pass both your new and your previous secret while you roll over.
 *   3. Deduplicate on the event id (`id`, also X-Service-Event-Id): delivery is at least once.
 *   4. Answer 2xx within 2 seconds and do the work afterwards (a queue, a job); a non-2xx or a timeout (10 s) is
 *      retried for about 23 hours, a 4xx other than 408/429 fails the event at once.
 */
import http from 'node:http';
// In your receiver: import { verifyWebhook, WebhookSignatureError, type TradeEvent } from '@foretell/client';
import type { TradeEvent } from '../../clients/typescript/src/events.js';
import { verifyWebhook, WebhookSignatureError } from '../../clients/typescript/src/webhook-verification.js';

/** A receiver for `secrets` (newest first) that hands each new, verified event to `onEvent` once. */
export function createWebhookReceiver(secrets: readonly string[], onEvent: (event: TradeEvent) => void): http.Server {
  const seen = new Set<string>(); // use your database in production: a unique index on the event id
  return http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['x-service-signature'];
      let event: TradeEvent;
      try {
        event = verifyWebhook(Buffer.concat(chunks), typeof signature === 'string' ? signature : undefined, secrets);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        response.writeHead(400, { 'Content-Type': 'text/plain' }).end(`signature ${error.reason}`);
        return;
      }
      if (seen.has(event.id)) {
        response.writeHead(200).end('duplicate');
        return;
      }
      seen.add(event.id);
      response.writeHead(204).end();
      setImmediate(() => onEvent(event));
    });
  });
}

if (process.argv[1]?.endsWith('receiver-example.ts')) {
  // An example program, not a Foretell deployable: it reads its settings straight from the environment.
  // eslint-disable-next-line no-restricted-properties
  const { WEBHOOK_SECRET, WEBHOOK_PREVIOUS_SECRET, PORT } = process.env;
  if (!WEBHOOK_SECRET) throw new Error('set WEBHOOK_SECRET to the whsec_… secret printed when the key was issued');
  const secrets = [WEBHOOK_SECRET, ...(WEBHOOK_PREVIOUS_SECRET ? [WEBHOOK_PREVIOUS_SECRET] : [])];
  createWebhookReceiver(secrets, (event) => console.log(event.type, event.data.tradeId, event.data.status)).listen(
    Number(PORT ?? 8080),
    () => console.log(`listening on :${PORT ?? 8080}`),
  );
}
