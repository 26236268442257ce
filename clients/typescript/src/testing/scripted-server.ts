/* Test-only: a local HTTP server whose answers are scripted per request, closed after each test. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach } from '@jest/globals';

export type Answer = (response: ServerResponse) => void;

/**
 * Returns a starter of servers answering their n-th request with answers[n] (the last one repeats); `seen` holds
 * what `record` noted of each request. The suite's afterEach closes the server started last.
 */
export function scriptedServers<Seen>(record: (request: IncomingMessage) => Seen) {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });
  return async (answers: readonly Answer[]): Promise<{ baseUrl: string; seen: Seen[] }> => {
    const seen: Seen[] = [];
    const started = createServer((request, response) => {
      seen.push(record(request));
      (answers[seen.length - 1] ?? answers.at(-1))?.(response);
    });
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    const address = started.address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
    return { baseUrl: `http://127.0.0.1:${address.port}`, seen };
  };
}
