/*
 * The same receiver verified the Standard Webhooks way (https://www.standardwebhooks.com): every delivery also
 * carries `webhook-id`, `webhook-timestamp` (Unix SECONDS) and `webhook-signature`, so the `standardwebhooks` package
 * (`npm i standardwebhooks`, or a port for another language) verifies it in one call with your `whsec_…` secret as
 * issued. During a secret rotation `webhook-signature` carries one signature per secret: verify with the new one.
 *
 *   WEBHOOK_SECRET=whsec_… PORT=8080 npx tsx docs/webhooks/standard-receiver-example.ts
 */
import http from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
// In your receiver: import type { TradeEvent } from '@foretell/client';
import type { TradeEvent } from '../../clients/typescript/src/events.js';

/** A receiver for `secret` that hands each new, verified event to `onEvent` once. */
export function createStandardWebhookReceiver(secret: string, onEvent: (event: TradeEvent) => void): http.Server {
  const webhook = new Webhook(secret);
  const seen = new Set<string>(); // use your database in production: a unique index on webhook-id
  return http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let event: TradeEvent;
      try {
        event = webhook.verify(Buffer.concat(chunks), headers) as TradeEvent; // cast: verified bytes of our envelope
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        response.writeHead(400, { 'Content-Type': 'text/plain' }).end(`signature ${error.message}`);
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

if (process.argv[1]?.endsWith('standard-receiver-example.ts')) {
  // An example program, not a Foretell deployable: it reads its settings straight from the environment.
  // eslint-disable-next-line no-restricted-properties
  const { WEBHOOK_SECRET, PORT } = process.env;
  if (!WEBHOOK_SECRET) throw new Error('set WEBHOOK_SECRET to the whsec_… secret printed when the key was issued');
  createStandardWebhookReceiver(WEBHOOK_SECRET, (event) => console.log(event.type, event.data.tradeId)).listen(
    Number(PORT ?? 8080),
    () => console.log(`listening on :${PORT ?? 8080}`),
  );
}
