/*
 * A real local HTTP server standing in for clients' webhook endpoints (tests and bench:webhooks). Each path
 * behaves as told: answer a status (optionally after a delay), never answer, close the socket, redirect. Every
 * request is recorded with its raw body and headers, in arrival order.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverBehaviour =
  | { kind: 'status'; status: number; body?: string; delayMs?: number }
  | { kind: 'hang' }
  | { kind: 'close' }
  | { kind: 'redirect'; location: string };

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface WebhookReceiver {
  url(path: string): string;
  port: number;
  /** How `path` answers from now on (default 200). */
  behave(path: string, behaviour: ReceiverBehaviour | ((request: ReceivedDelivery) => ReceiverBehaviour)): void;
  received(path?: string): ReceivedDelivery[];
  /** Resolves once `path` has received `count` requests (or rejects after `timeoutMs`). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: { record?: boolean } = {}): Promise<WebhookReceiver> {
  const record = options.record ?? true;
  const behaviours = new Map<string, ReceiverBehaviour | ((request: ReceivedDelivery) => ReceiverBehaviour)>();
  const log: ReceivedDelivery[] = [];
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const delivery: ReceivedDelivery = {
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      if (record) log.push(delivery);
      counts.set(path, (counts.get(path) ?? 0) + 1);
      for (const wake of waiters) wake();
      const configured = behaviours.get(path) ?? { kind: 'status', status: 200 };
      const behaviour = typeof configured === 'function' ? configured(delivery) : configured;
      switch (behaviour.kind) {
        case 'hang':
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
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
