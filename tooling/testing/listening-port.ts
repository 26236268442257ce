import type { Server } from 'node:net';

/** The TCP port a listening server is bound to (a server on a pipe or a Unix socket has none: that throws). */
export function listeningPort(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the server is not listening on a TCP port');
  return address.port;
}
