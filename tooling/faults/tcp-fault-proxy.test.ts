/* The fault proxy on its own, between a client socket and a local echo server. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { startTcpFaultProxy, type TcpFaultProxy } from './tcp-fault-proxy.js';

let echo: net.Server;
let echoPort: number;
let proxy: TcpFaultProxy;
const clients = new Set<net.Socket>();

beforeAll(async () => {
  echo = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoPort = (echo.address() as net.AddressInfo).port;
});

afterEach(async () => {
  for (const client of clients) client.destroy();
  clients.clear();
  await proxy?.close();
});

afterAll(async () => {
  await new Promise((resolve) => echo.close(resolve));
});

async function connect(port = proxy.port): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port });
  clients.add(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Collects what the socket receives; `until(text)` resolves once it has all of it. */
function collect(socket: net.Socket) {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  return {
    text: () => received,
    until: (text: string, timeoutMs = 2_000) =>
      new Promise<number>((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (received.includes(text)) {
            clearInterval(poll);
            resolve(Date.now() - started);
          } else if (Date.now() - started > timeoutMs) {
            clearInterval(poll);
            reject(new Error(`received "${received}", not "${text}", in ${timeoutMs} ms`));
          }
        }, 5);
      }),
  };
}

const closed = (socket: net.Socket) =>
  new Promise<string | undefined>((resolve) => {
    let code: string | undefined;
    socket.once('error', (error: NodeJS.ErrnoException) => (code = error.code));
    socket.once('close', () => resolve(code));
  });

const startProxy = async (port = echoPort) =>
  (proxy = await startTcpFaultProxy({ target: { host: '127.0.0.1', port } }));

describe('the TCP fault proxy', () => {
  it('passes bytes both ways and rewrites URLs to its own address', async () => {
    await startProxy();
    const socket = await connect();
    const inbox = collect(socket);
    socket.write('hello');
    await inbox.until('hello');
    expect(proxy.connectionCount()).toBe(1);
    expect(proxy.rewrite('mysql://root@127.0.0.1:3306/app')).toBe(`mysql://root@127.0.0.1:${proxy.port}/app`);
    expect(proxy.rewrite('http://localhost:8545')).toBe(`http://127.0.0.1:${proxy.port}`);
  });

  it('adds latency in both directions and keeps the order of the bytes', async () => {
    await startProxy();
    proxy.latency(150);
    const socket = await connect();
    const inbox = collect(socket);
    socket.write('a');
    socket.write('b');
    socket.write('c');
    expect(await inbox.until('abc')).toBeGreaterThanOrEqual(280);
    await proxy.heal();
    socket.write('d');
    expect(await inbox.until('abcd')).toBeLessThan(100);
  });

  it('stalls: holds every byte, of open and new connections, until healed, then delivers them', async () => {
    await startProxy();
    const open = await connect();
    const openInbox = collect(open);
    proxy.stall();
    open.write('held');
    const fresh = await connect();
    const freshInbox = collect(fresh);
    fresh.write('also held');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(openInbox.text()).toBe('');
    expect(freshInbox.text()).toBe('');
    await proxy.heal();
    await Promise.all([openInbox.until('held'), freshInbox.until('also held')]);
  });

  it('cuts every open connection with a clean close and keeps accepting new ones', async () => {
    await startProxy();
    const socket = await connect();
    const ended = closed(socket);
    proxy.cut();
    expect(await ended).toBeUndefined();
    expect(proxy.connectionCount()).toBe(0);
    const again = await connect();
    const inbox = collect(again);
    again.write('back');
    await inbox.until('back');
  });

  it('resets every open connection (the client sees ECONNRESET)', async () => {
    await startProxy();
    const socket = await connect();
    const ended = closed(socket);
    proxy.reset();
    expect(await ended).toBe('ECONNRESET');
  });

  it('refuses: new connections get ECONNREFUSED and open ones are reset; healed, the same port accepts again', async () => {
    await startProxy();
    const socket = await connect();
    const ended = closed(socket);
    await proxy.refuse();
    expect(await ended).toBe('ECONNRESET');
    await expect(connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await proxy.heal();
    const again = await connect();
    const inbox = collect(again);
    again.write('listening');
    await inbox.until('listening');
  });

  it('resets the client when the target itself refuses', async () => {
    const down = net.createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const downPort = (down.address() as net.AddressInfo).port;
    await new Promise((resolve) => down.close(resolve));
    await startProxy(downPort);
    const socket = await connect();
    expect(await closed(socket)).toBe('ECONNRESET');
  });
});
