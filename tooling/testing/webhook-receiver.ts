/*
 * The one local webhook receiver: clients' endpoints in tests, the fault suite and bench:webhooks, `npm start`'s demo
 * inbox, and the load runs' receiver (also on its own: webhook-receiver-main.ts). Given secrets, it checks each
 * delivery as a client would, with the typed client's verifyWebhook (raw body, millisecond timestamp, any secret).
 *   POST <any path>                          a delivery: recorded, then answered as the path behaves (default: 204
 *                                            when verified, 400 when refused; 200 without secrets)
 *   GET  /deliveries/{tradeId}?type=&waitMs= the trade's verified deliveries; waits up to waitMs (at most 60 s) for
 *                                            one of `type`: 200 when there is one, 404 when the wait ran out
 *   GET  /stats                              counts: received, verified, refused, duplicate event ids, trades
 *   GET  <any other path>                    {events}: the kept deliveries, newest first
 */
import http from 'node:http';
import {
  verifyWebhook,
  WebhookSignatureError,
  type VerifyWebhookOptions,
  type WebhookFailure,
} from '../../clients/typescript/src/webhook-verification.js';
import { listeningPort } from './listening-port.js';

export type ReceiverBehaviour =
  | { kind: 'status'; status: number; body?: string; delayMs?: number }
  | { kind: 'hang' }
  /** Sends its status line and headers at once, then never ends the body. */
  | { kind: 'stall-body'; status: number }
  | { kind: 'close' }
  | { kind: 'redirect'; location: string };

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
  /** With secrets: whether the signature verified (and why not). */
  verified: boolean;
  refusal?: WebhookFailure;
  /** The parsed envelope ({} when the body is not a JSON object). */
  event: { id?: string; type?: string; createdAt?: string; data?: Record<string, unknown> };
}

export interface ReceiverStats {
  received: number;
  verified: number;
  refused: number;
  duplicateEvents: number;
  trades: number;
}

export interface WebhookReceiverOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Secrets to verify with: for every path, or per path. Without, deliveries are not verified. */
  secrets?: readonly string[] | ((path: string) => readonly string[]);
  /** How many deliveries are kept for received(), waitFor() and GET (default all; 0 keeps none). */
  keep?: number;
  /** Sees each delivery as it arrives; a behaviour it returns answers this one delivery. */
  onDelivery?(delivery: ReceivedDelivery): ReceiverBehaviour | void;
}

export interface WebhookReceiver {
  port: number;
  /** Base URL, e.g. http://127.0.0.1:4010. */
  base: string;
  url(path: string): string;
  /** How `path` answers from now on. */
  behave(path: string, behaviour: ReceiverBehaviour | ((request: ReceivedDelivery) => ReceiverBehaviour)): void;
  received(path?: string): ReceivedDelivery[];
  /** Resolves once `path` has received `count` requests (or rejects after `timeoutMs`). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  stats(): ReceiverStats;
  close(): Promise<void>;
}

const MAX_WAIT_MS = 60_000;

/** verifyWebhook's verdict as a value: valid with the signature's timestamp, or the reason it is refused. */
export function verifyWebhookSignature(
  header: string | undefined,
  rawBody: string | Buffer,
  secrets: readonly string[],
  options: VerifyWebhookOptions = {},
): { valid: true; timestampMs: number } | { valid: false; reason: WebhookFailure } {
  try {
    verifyWebhook(rawBody, header, secrets, options);
    return { valid: true, timestampMs: Number(/(?:^|,)\s*t=(\d+)/.exec(header ?? '')?.[1]) };
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { valid: false, reason: error.reason };
    throw error;
  }
}

function parseEnvelope(body: string): ReceivedDelivery['event'] {
  try {
    const parsed: unknown = JSON.parse(body);
    // cast: a JSON object; each member is read as unknown-typed optional below (String(), typeof checks)
    return typeof parsed === 'object' && parsed !== null ? (parsed as ReceivedDelivery['event']) : {};
  } catch {
    return {};
  }
}

export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const keep = options.keep ?? Number.POSITIVE_INFINITY;
  const secretsOf = options.secrets;
  const behaviours = new Map<string, ReceiverBehaviour | ((request: ReceivedDelivery) => ReceiverBehaviour)>();
  const log: ReceivedDelivery[] = [];
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();
  const seenEvents = new Set<string>();
  const trades = new Set<string>();
  const stats: ReceiverStats = { received: 0, verified: 0, refused: 0, duplicateEvents: 0, trades: 0 };

  function receive(path: string, headers: http.IncomingHttpHeaders, raw: Buffer): ReceivedDelivery {
    const body = raw.toString('utf8');
    const delivery: ReceivedDelivery = {
      path,
      headers,
      body,
      receivedAt: Date.now(),
      verified: false,
      event: parseEnvelope(body),
    };
    stats.received += 1;
    if (secretsOf !== undefined) {
      const signature = headers['x-service-signature'];
      const secrets = typeof secretsOf === 'function' ? secretsOf(path) : secretsOf;
      const verdict = verifyWebhookSignature(typeof signature === 'string' ? signature : undefined, raw, secrets);
      delivery.verified = verdict.valid;
      if (!verdict.valid) delivery.refusal = verdict.reason;
      if (verdict.valid) {
        stats.verified += 1;
        const eventId = String(delivery.event.id ?? '');
        if (seenEvents.has(eventId)) stats.duplicateEvents += 1;
        seenEvents.add(eventId);
        const tradeId = delivery.event.data?.tradeId;
        if (typeof tradeId === 'string') trades.add(tradeId);
        stats.trades = trades.size;
      } else stats.refused += 1;
    }
    if (keep > 0) {
      log.push(delivery);
      if (log.length > keep) log.shift();
    }
    counts.set(path, (counts.get(path) ?? 0) + 1);
    for (const wake of waiters) wake();
    return delivery;
  }

  const verifiedOf = (tradeId: string, type: string | null) =>
    log.filter(
      (entry) =>
        entry.verified && entry.event.data?.tradeId === tradeId && (type === null || entry.event.type === type),
    );

  function deliveriesOf(tradeId: string, type: string | null, waitMs: number): Promise<ReceivedDelivery[]> {
    return new Promise((resolve) => {
      const finish = () => {
        waiters.delete(check);
        clearTimeout(timer);
        resolve(verifiedOf(tradeId, type));
      };
      const check = () => void (verifiedOf(tradeId, type).length > 0 && finish());
      const timer = setTimeout(finish, Math.min(Math.max(waitMs, 0), MAX_WAIT_MS));
      waiters.add(check);
      check();
    });
  }

  function answerQuery(url: URL, response: http.ServerResponse): void {
    const json = (status: number, body: unknown) =>
      void response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/stats') return json(200, stats);
    const encodedTradeId = /^\/deliveries\/([^/]+)$/.exec(url.pathname)?.[1];
    if (encodedTradeId === undefined) {
      const events = [...log].reverse().map((entry) => ({
        id: String(entry.event.id ?? entry.headers['x-service-event-id'] ?? ''),
        type: String(entry.event.type ?? 'unparsable'),
        verified: entry.verified,
        receivedAt: new Date(entry.receivedAt).toISOString(),
        data: entry.event.data ?? {},
      }));
      return json(200, { events });
    }
    const tradeId = decodeURIComponent(encodedTradeId);
    const waitMs = Number(url.searchParams.get('waitMs') ?? 0) || 0;
    void deliveriesOf(tradeId, url.searchParams.get('type'), waitMs).then((found) => {
      const deliveries = found.map((entry) => ({
        eventId: String(entry.event.id ?? ''),
        type: String(entry.event.type),
        verified: true,
        receivedAt: new Date(entry.receivedAt).toISOString(),
      }));
      json(deliveries.length > 0 ? 200 : 404, { tradeId, deliveries });
    });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      if (request.method === 'GET') return answerQuery(url, response);
      const delivery = receive(url.pathname, request.headers, Buffer.concat(chunks));
      const configured = options.onDelivery?.(delivery) ?? behaviours.get(url.pathname);
      const fallback: ReceiverBehaviour = {
        kind: 'status',
        status: secretsOf === undefined ? 200 : delivery.verified ? 204 : 400,
      };
      const behaviour = (typeof configured === 'function' ? configured(delivery) : configured) ?? fallback;
      switch (behaviour.kind) {
        case 'hang':
          return;
        case 'stall-body':
          response.writeHead(behaviour.status, { 'Content-Type': 'text/plain' });
          response.write('thinking');
          return;
        case 'close':
          request.socket.destroy();
          return;
        case 'redirect':
          response.writeHead(302, { Location: behaviour.location }).end();
          return;
        case 'status': {
          const answer = () =>
            response.writeHead(behaviour.status, { 'Content-Type': 'text/plain' }).end(behaviour.body ?? '');
          if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
          else answer();
        }
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = listeningPort(server);
  const host = options.host === undefined || options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const base = `http://${host}:${port}`;
  return {
    port,
    base,
    url: (path) => `${base}${path}`,
    behave: (path, behaviour) => void behaviours.set(path, behaviour),
    received: (path) => (path === undefined ? [...log] : log.filter((entry) => entry.path === path)),
    waitFor: (path, count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if ((counts.get(path) ?? 0) < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(log.filter((entry) => entry.path === path));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${path} received ${counts.get(path) ?? 0} of ${count} deliveries in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stats: () => ({ ...stats }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
