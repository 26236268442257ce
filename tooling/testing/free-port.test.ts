import { createServer } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { FREE_PORT_RANGE, freePort } from './free-port.js';

describe('freePort', () => {
  it('returns distinct ports below the ephemeral range that a server can then bind', async () => {
    const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(FREE_PORT_RANGE.from);
      expect(port).toBeLessThan(32_768);
    }
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '0.0.0.0', resolve));
    expect(server.address()).toMatchObject({ port: ports[0] });
    await new Promise((resolve) => server.close(resolve));
  });
});
