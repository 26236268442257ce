/*
 * The load tests' webhook receiver (webhook-fanout): verifies each signed delivery as a client would (the keys'
 * secrets, millisecond timestamp, raw body), answers 204 at once, and keeps every delivery by trade id.
 *   POST <any path>                          a delivery (204 when verified, 400 otherwise)
 *   GET  /deliveries/{tradeId}?type=&waitMs= the trade's deliveries; waits up to waitMs (at most 60 s) for one of
 *                                            `type`: 200 when there is one, 404 when the wait ran out
 *   GET  /stats                              counts: received, verified, refused, duplicate event ids, trades
 */
import http from 'node:http';
import { listeningPort } from '#tooling/testing/listening-port.js';
import { verifyWebhookSignature } from '../../docs/webhooks/verify-webhook-signature.js';
import { isRecord, parseJsonObject } from '#shared/runtime/plain-values.js';

export interface ReceivedDelivery {
  eventId: string;
  type: string;
  verified: boolean;
  receivedAt: string;
}

export interface ReceiverStats {
  received: number;
  verified: number;
  refused: number;
  duplicateEvents: number;
  trades: number;
}

export interface WebhookReceiver {
  /** Base URL, e.g. http://127.0.0.1:4010 (LOADTEST_RECEIVER_URL). */
  url: string;
  /** Where the keys' webhooks should point. */
  webhookUrl: string;
  stats(): ReceiverStats;
  close(): Promise<void>;
}

const MAX_WAIT_MS = 60_000;

export async function startWebhookReceiver(options: {
  port: number;
  host?: string;
  secrets: readonly string[];
}): Promise<WebhookReceiver> {
  const byTrade = new Map<string, ReceivedDelivery[]>();
  const seenEvents = new Set<string>();
  const waiters = new Map<string, Set<() => void>>();
  const stats: ReceiverStats = { received: 0, verified: 0, refused: 0, duplicateEvents: 0, trades: 0 };

  function receive(raw: Buffer, signature: string | undefined): boolean {
    const verdict = verifyWebhookSignature(signature, raw, options.secrets);
    let envelope: Record<string, unknown> = {};
    try {
      envelope = parseJsonObject(raw.toString('utf8'));
    } catch {
      // counted as refused below
    }
    stats.received += 1;
    const tradeId = isRecord(envelope.data) ? envelope.data.tradeId : undefined;
    if (!verdict.valid || typeof tradeId !== 'string') {
      stats.refused += 1;
      return false;
    }
    stats.verified += 1;
    const eventId = String(envelope.id ?? '');
    if (seenEvents.has(eventId)) stats.duplicateEvents += 1;
    seenEvents.add(eventId);
    const deliveries = byTrade.get(tradeId) ?? [];
    if (deliveries.length === 0) stats.trades += 1;
    deliveries.push({ eventId, type: String(envelope.type), verified: true, receivedAt: new Date().toISOString() });
    byTrade.set(tradeId, deliveries);
    for (const wake of waiters.get(tradeId) ?? []) wake();
    return true;
  }

  function waitFor(tradeId: string, type: string | null, waitMs: number): Promise<ReceivedDelivery[]> {
    const matching = () => (byTrade.get(tradeId) ?? []).filter((delivery) => type === null || delivery.type === type);
    if (matching().length > 0 || waitMs <= 0) return Promise.resolve(matching());
    return new Promise((resolve) => {
      const set = waiters.get(tradeId) ?? new Set<() => void>();
      const finish = () => {
        clearTimeout(timer);
        set.delete(check);
        if (set.size === 0) waiters.delete(tradeId);
        resolve(matching());
      };
      const check = () => {
        if (matching().length > 0) finish();
      };
      const timer = setTimeout(finish, Math.min(waitMs, MAX_WAIT_MS));
      set.add(check);
      waiters.set(tradeId, set);
    });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (request.method === 'POST') {
        const signature = request.headers['x-service-signature'];
        response
          .writeHead(receive(Buffer.concat(chunks), typeof signature === 'string' ? signature : undefined) ? 204 : 400)
          .end();
        return;
      }
      if (url.pathname === '/stats') return json(200, stats);
      const encodedTradeId = /^\/deliveries\/([^/]+)$/.exec(url.pathname)?.[1];
      if (encodedTradeId === undefined) return json(404, { error: 'not found' });
      const tradeId = decodeURIComponent(encodedTradeId);
      const waitMs = Number(url.searchParams.get('waitMs') ?? 0) || 0;
      void waitFor(tradeId, url.searchParams.get('type'), waitMs).then((deliveries) =>
        json(deliveries.length > 0 ? 200 : 404, { tradeId, deliveries }),
      );
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = listeningPort(server);
  const host = options.host === undefined || options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const url = `http://${host}:${port}`;
  return {
    url,
    webhookUrl: `${url}/webhooks`,
    stats: () => ({ ...stats }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
