import http from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../logger/logger.js';
import { edgeServerOptionsOf } from './route-table.js';
import { markShuttingDown } from './lifecycle.js';

/**
 * An idle keep-alive socket stays open this long: longer than any gateway in front keeps one idle, so the gateway never
 * reuses a socket we are closing (a 502 to its client). GKE's load balancers hold backend sockets for 600 s, fixed,
 * and Google asks backends for more; other proxies hold theirs for less.
 */
const KEEP_ALIVE_TIMEOUT_MS = 620_000;

export interface RunningServer {
  server: http.Server;
  port: number;
  /** Graceful, idempotent shutdown; see startHttpServer. Rejects when a shutdown hook failed (after running all). */
  close(): Promise<void>;
}

export interface StartHttpServerOptions {
  port: number;
  host: string;
  logger: Logger;
  /** How long in-flight requests may take to finish before their sockets are destroyed. */
  shutdownGraceMs: number;
  /** Run in order after the server has closed (consumers, db, redis…). */
  onShutdown?: Array<() => Promise<void>>;
  /** Pause between "not ready" and closing the listener, so load balancers stop routing here first. Default 0. */
  readinessDrainMs?: number;
}

/**
 * Listens and returns a handle whose close() drains: mark the app not ready (ready → 503) → optional drain pause →
 * stop accepting, close idle keep-alive sockets, answer remaining requests with `Connection: close` → wait for
 * in-flight requests up to the grace period (then destroy what is left) → run the shutdown hooks in order.
 */
export async function startHttpServer(
  app: http.RequestListener,
  options: StartHttpServerOptions,
): Promise<RunningServer> {
  const { logger } = options;
  const server = http.createServer(edgeServerOptionsOf(app));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  let closing = false;
  const requestsPerSocket = new Map<Socket, number>();
  const activeResponses = new Set<http.ServerResponse>();

  server.on('connection', (socket) => {
    requestsPerSocket.set(socket, 0);
    socket.once('close', () => requestsPerSocket.delete(socket));
  });
  // Registered before the app so the bookkeeping runs before any handler can send headers.
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    requestsPerSocket.set(socket, (requestsPerSocket.get(socket) ?? 0) + 1);
    activeResponses.add(res);
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      activeResponses.delete(res);
      const left = (requestsPerSocket.get(socket) ?? 1) - 1;
      if (!requestsPerSocket.has(socket)) return;
      requestsPerSocket.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  server.on('request', app);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  // A TCP server listening answers an AddressInfo (a string only for a pipe or a Unix socket).
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  logger.info({ host: options.host, port }, 'listening');

  async function drainConnections(): Promise<void> {
    const allClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of activeResponses) if (!res.headersSent) res.setHeader('Connection', 'close');
    server.closeIdleConnections();
    const timer = setTimeout(() => {
      logger.warn({ sockets: requestsPerSocket.size }, 'shutdown grace period over; destroying remaining connections');
      server.closeAllConnections();
      for (const socket of requestsPerSocket.keys()) socket.destroy();
    }, options.shutdownGraceMs);
    try {
      await allClosed;
    } finally {
      clearTimeout(timer);
    }
  }

  async function runHooks(): Promise<void> {
    const failures: unknown[] = [];
    for (const hook of options.onShutdown ?? []) {
      try {
        await hook();
      } catch (error) {
        logger.error({ err: error }, 'shutdown hook failed');
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} shutdown hook(s) failed`);
  }

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      markShuttingDown(app);
      logger.info({ inFlight: activeResponses.size }, 'shutting down: marked not ready');
      if (options.readinessDrainMs) await delay(options.readinessDrainMs);
      await drainConnections();
      logger.info('http server closed; running shutdown hooks');
      await runHooks();
      logger.info('shutdown complete');
    })();
    return closed;
  };

  return { server, port, close };
}
