/*
 * `npm start`'s local webhook receiver: the demo key's webhook URL points here, so a trade placed with the printed
 * curl ends with its signed `trade.completed` arriving here. Each delivery is verified as a client would (the demo
 * key's secret, millisecond timestamp, raw body), logged as one line, and kept (the latest 100) for
 * `GET /events`, newest first.
 */
import http from 'node:http';
import { listeningPort } from '#tooling/testing/listening-port.js';
import { verifyWebhookSignature } from '../../docs/webhooks/verify-webhook-signature.js';

export interface InboxEvent {
  id: string;
  type: string;
  verified: boolean;
  receivedAt: string;
  data: Record<string, unknown>;
}

export interface DemoWebhookInbox {
  port: number;
  /** The demo key's webhook URL. */
  url: string;
  close(): Promise<void>;
}

const KEPT = 100;

export async function startDemoWebhookInbox(options: {
  port: number;
  secret: string;
  log: (line: string) => void;
}): Promise<DemoWebhookInbox> {
  const events: InboxEvent[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'GET') {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ events }));
        return;
      }
      const raw = Buffer.concat(chunks);
      const signature = request.headers['x-service-signature'];
      const verdict = verifyWebhookSignature(typeof signature === 'string' ? signature : undefined, raw, [
        options.secret,
      ]);
      let envelope: { id?: string; type?: string; data?: Record<string, unknown> } = {};
      try {
        envelope = JSON.parse(raw.toString('utf8'));
      } catch {
        // kept as an unparsable delivery below
      }
      const event: InboxEvent = {
        id: String(envelope.id ?? request.headers['x-service-event-id'] ?? ''),
        type: String(envelope.type ?? 'unparsable'),
        verified: verdict.valid,
        receivedAt: new Date().toISOString(),
        data: envelope.data ?? {},
      };
      events.unshift(event);
      events.length = Math.min(events.length, KEPT);
      options.log(
        `${event.type} ${event.id} trade ${String(event.data.tradeId ?? '?')} ${String(event.data.status ?? '')} ` +
          `(signature ${verdict.valid ? 'verified' : `REFUSED: ${verdict.reason}`})`,
      );
      response.writeHead(verdict.valid ? 204 : 400).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = listeningPort(server);
  return {
    port,
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
