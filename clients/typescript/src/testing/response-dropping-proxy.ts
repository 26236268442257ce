/*
 * A TCP proxy whose first `drops` connections deliver the request to the target and then lose the answer: the
 * moment the first response byte comes back, both sockets are destroyed. The server has acted; the client sees a
 * dropped connection. Later connections pass through untouched.
 */
import net from 'node:net';

export interface ResponseDroppingProxy {
  url: string;
  /** Answers lost so far. */
  readonly dropped: number;
  close(): Promise<void>;
}

export async function startResponseDroppingProxy(targetUrl: string, drops = 1): Promise<ResponseDroppingProxy> {
  const target = new URL(targetUrl);
  let dropsLeft = drops;
  let dropped = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port) });
    const dropping = dropsLeft > 0;
    if (dropping) dropsLeft -= 1;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (!dropping) {
        client.write(chunk);
        return;
      }
      if (!client.destroyed) dropped += 1;
      client.destroy();
      upstream.destroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy is not listening on TCP');
  return {
    url: `http://127.0.0.1:${address.port}`,
    get dropped() {
      return dropped;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
