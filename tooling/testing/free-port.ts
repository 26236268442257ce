/*
 * A port for a process a test or bench is about to start. Drawn at random below Linux's ephemeral range
 * (32768–60999): outgoing connections and servers listening on port 0 take their ports from that range, so a port
 * probed there can be taken by someone else before the child binds it (seen: EADDRINUSE in the local-stack test
 * while other suites ran).
 */
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

export const FREE_PORT_RANGE = { from: 20_000, to: 32_000 } as const;

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = randomInt(FREE_PORT_RANGE.from, FREE_PORT_RANGE.to);
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port between ${FREE_PORT_RANGE.from} and ${FREE_PORT_RANGE.to}`);
}
