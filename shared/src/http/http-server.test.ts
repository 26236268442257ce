import http from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { startTestApp } from '#tooling/testing/http-test-kit.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('startHttpServer keep-alive', () => {
  it('keeps an idle connection longer than the 600 s a GKE load balancer keeps its backend sockets', async () => {
    const app = await startTestApp({ errorStyle: 'public' }, () => {});
    try {
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        const agent = new http.Agent({ keepAlive: true });
        http
          .get(`${app.url}/health`, { agent }, (response) => {
            response.resume();
            agent.destroy();
            resolve(String(response.headers['keep-alive']));
          })
          .on('error', reject);
      });
      const seconds = Number(/^timeout=(\d+)$/.exec(keepAlive ?? '')?.[1]);
      expect(seconds).toBeGreaterThan(600);
    } finally {
      await app.running.close();
    }
  });
});

describe('startHttpServer close()', () => {
  it('waits for an in-flight request to finish, refuses new connections, then runs the shutdown hooks in order', async () => {
    const events: string[] = [];
    const entered = deferred();
    const gate = deferred();
    const app = await startTestApp(
      { errorStyle: 'problem' },
      (registrar) => {
        registrar.route('GET', '/slow', async (_req, res) => {
          entered.resolve();
          await gate.promise;
          res.json({ done: true });
          events.push('response sent');
        });
      },
      {
        shutdownGraceMs: 20_000,
        onShutdown: [async () => void events.push('hook 1'), async () => void events.push('hook 2')],
      },
    );
    const slow = fetch(`${app.url}/slow`);
    await entered.promise;

    const closing = app.running.close().then(() => events.push('closed'));
    await expect(fetch(`${app.url}/health`)).rejects.toThrow();
    await turns(5);
    expect(events).toEqual([]);

    gate.resolve();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    expect(events).toEqual(['response sent', 'hook 1', 'hook 2', 'closed']);
  });

  it('closes idle keep-alive connections at once instead of waiting for the grace period', async () => {
    const app = await startTestApp({ errorStyle: 'public' }, () => {}, { shutdownGraceMs: 20_000 });
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    const started = performance.now();
    await app.running.close();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('destroys requests still running when the grace period ends, then still runs the hooks', async () => {
    const hooks: string[] = [];
    const entered = deferred();
    const app = await startTestApp(
      { errorStyle: 'problem' },
      (registrar) => {
        registrar.route('GET', '/stuck', async () => {
          entered.resolve();
          await new Promise<void>(() => {});
        });
      },
      { shutdownGraceMs: 100, onShutdown: [async () => void hooks.push('db closed')] },
    );
    const stuck = fetch(`${app.url}/stuck`);
    await entered.promise;
    await app.running.close();
    await expect(stuck).rejects.toThrow();
    expect(hooks).toEqual(['db closed']);
    expect(app.logs.text()).toContain('shutdown grace period over');
  });

  it('runs every hook even when one fails, then rejects', async () => {
    const hooks: string[] = [];
    const app = await startTestApp({ errorStyle: 'problem' }, () => {}, {
      onShutdown: [
        async () => {
          throw new Error('consumer stop failed');
        },
        async () => void hooks.push('redis closed'),
      ],
    });
    await expect(app.running.close()).rejects.toThrow('1 shutdown hook(s) failed');
    expect(hooks).toEqual(['redis closed']);
  });

  it('is idempotent: concurrent and repeated calls share one shutdown', async () => {
    let runs = 0;
    const app = await startTestApp({ errorStyle: 'problem' }, () => {}, { onShutdown: [async () => void (runs += 1)] });
    await Promise.all([app.running.close(), app.running.close()]);
    await app.running.close();
    expect(runs).toBe(1);
  });
});
