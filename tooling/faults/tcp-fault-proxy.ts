/*
 * A TCP proxy for fault tests: deployables reach a dependency (MySQL, RabbitMQ, Redis, the chain RPC) through it,
 * and the test breaks the path on purpose, precisely and repeatably. Faults:
 *   cut()     closes every open connection (FIN), as a server that closed its sockets;
 *   reset()   resets every open connection (RST), as a crashed peer or a dropped NAT entry;
 *   stall()   keeps connections open but holds every byte (new connections too) until heal(): a hung peer;
 *   latency() delays every chunk, both directions, keeping order;
 *   refuse()  stops listening, so new connections get ECONNREFUSED; open ones are cut too (a server that is down).
 * heal() ends them all: held bytes flow on, latency is gone, the port listens again (the same port).
 */
import net from 'node:net';

export interface TcpFaultProxy {
  host: string;
  port: number;
  /** `scheme://host:port` with this proxy's address, for a URL that pointed at the target. */
  rewrite(url: string): string;
  cut(): void;
  reset(): void;
  stall(): void;
  latency(ms: number): void;
  refuse(): Promise<void>;
  heal(): Promise<void>;
  /** Connections open right now. */
  connectionCount(): number;
  close(): Promise<void>;
}

export interface TcpFaultProxyOptions {
  target: { host: string; port: number };
  host?: string;
  /** 0 (default) picks a free port; it stays the same across refuse()/heal(). */
  port?: number;
}

interface ProxyState {
  stalled: boolean;
  latencyMs: number;
}

/** One direction of a proxied connection: chunks wait in order until due (latency) and while the proxy stalls. */
interface Pipe {
  flush(): void;
  clear(): void;
}

function createPipe(from: net.Socket, to: net.Socket, state: ProxyState): Pipe {
  const queue: Array<{ chunk: Buffer; due: number }> = [];
  let timer: NodeJS.Timeout | undefined;
  let lastDue = 0;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (state.stalled || to.destroyed) return;
    const now = Date.now();
    while (queue.length > 0 && queue[0]!.due <= now) to.write(queue.shift()!.chunk);
    if (queue.length > 0) timer = setTimeout(flush, queue[0]!.due - now);
  };
  from.on('data', (chunk: Buffer) => {
    lastDue = Math.max(Date.now() + state.latencyMs, lastDue);
    queue.push({ chunk, due: lastDue });
    if (timer === undefined) flush();
  });
  return {
    flush,
    clear: () => {
      clearTimeout(timer);
      queue.length = 0;
    },
  };
}

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  pipes: Pipe[];
}

export async function startTcpFaultProxy(options: TcpFaultProxyOptions): Promise<TcpFaultProxy> {
  const host = options.host ?? '127.0.0.1';
  const state: ProxyState = { stalled: false, latencyMs: 0 };
  const links = new Set<Link>();

  const server = net.createServer((client) => {
    const upstream = net.connect(options.target);
    const link: Link = { client, upstream, pipes: [] };
    link.pipes = [createPipe(client, upstream, state), createPipe(upstream, client, state)];
    links.add(link);
    const end = (peer: net.Socket, failed: boolean) => {
      links.delete(link);
      for (const pipe of link.pipes) pipe.clear();
      // The target refusing or resetting reaches the client as a reset; a clean close as a close.
      if (failed && !peer.destroyed) peer.resetAndDestroy();
      else peer.destroy();
    };
    client.on('error', () => end(upstream, true));
    upstream.on('error', () => end(client, true));
    client.on('close', () => end(upstream, false));
    upstream.on('close', () => end(client, false));
  });
  let listening = false;
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        listening = true;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
    });
  await listen(options.port ?? 0);
  const port = (server.address() as net.AddressInfo).port;

  const destroyAll = (how: 'close' | 'reset') => {
    for (const link of [...links]) {
      links.delete(link);
      for (const pipe of link.pipes) pipe.clear();
      for (const socket of [link.client, link.upstream]) {
        if (how === 'reset' && !socket.destroyed) socket.resetAndDestroy();
        else socket.destroy();
      }
    }
  };

  return {
    host,
    port,
    rewrite(url) {
      const parsed = new URL(url);
      parsed.hostname = host;
      parsed.port = String(port);
      return parsed.toString().replace(/\/$/, url.endsWith('/') ? '/' : '');
    },
    cut: () => destroyAll('close'),
    reset: () => destroyAll('reset'),
    stall: () => void (state.stalled = true),
    latency: (ms) => void (state.latencyMs = ms),
    async refuse() {
      await Promise.all([stopListening(), Promise.resolve(destroyAll('reset'))]);
    },
    async heal() {
      state.stalled = false;
      state.latencyMs = 0;
      for (const link of links) for (const pipe of link.pipes) pipe.flush();
      if (!listening) await listen(port);
    },
    connectionCount: () => links.size,
    async close() {
      destroyAll('close');
      await stopListening();
    },
  };
}
