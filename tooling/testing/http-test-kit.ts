/* Helpers for this folder's component tests: a captured logger and a real app on an ephemeral port. */
import { setTimeout as delay } from 'node:timers/promises';
import { createStaticRouteSwitches } from '#shared/kill-switch/route-switches.js';
import { createLogger, type Logger } from '#shared/logger/logger.js';
import { createHttpApp, type HttpAppOptions } from '#shared/http/http-app.js';
import { startHttpServer, type RunningServer, type StartHttpServerOptions } from '#shared/http/http-server.js';
import type { RouteRegistrar } from '#shared/http/route-registrar.js';

export interface CapturedLogs {
  logger: Logger;
  text(): string;
  lines(): Array<Record<string, unknown>>;
}

/** A debug-level pino logger writing to memory (synchronously, so lines are visible once a response arrives). */
export function captureLogs(): CapturedLogs {
  const chunks: string[] = [];
  const logger = createLogger({
    name: 'http-test',
    level: 'debug',
    destination: { write: (line: string) => chunks.push(line) },
  });
  return {
    logger,
    text: () => chunks.join(''),
    // cast: test-only kit (imported by tests alone): pino writes each log line as one JSON object.
    lines: () => chunks.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface TestApp {
  url: string;
  running: RunningServer;
  logs: CapturedLogs;
}

export type TestAppOptions = Partial<HttpAppOptions> & Pick<HttpAppOptions, 'errorStyle'>;

/** Builds an app with createHttpApp and serves it with startHttpServer on 127.0.0.1, port 0. */
export async function startTestApp(
  options: TestAppOptions,
  mountRoutes: (registrar: RouteRegistrar) => void,
  serverOptions: Partial<StartHttpServerOptions> = {},
): Promise<TestApp> {
  const logs = captureLogs();
  const app = createHttpApp(
    {
      serviceName: 'http-test',
      version: '1.2.3',
      logger: logs.logger,
      routeSwitches: createStaticRouteSwitches([]),
      readinessChecks: [],
      docsBaseUrl: 'http://docs.test/v1/docs',
      ...options,
    },
    mountRoutes,
  );
  const running = await startHttpServer(app, {
    port: 0,
    host: '127.0.0.1',
    logger: logs.logger,
    shutdownGraceMs: 5_000,
    ...serverOptions,
  });
  return { url: `http://127.0.0.1:${running.port}`, running, logs };
}

/** Re-evaluates `probe` until it returns a value or `timeoutMs` passes; returns the value and the time it took. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<{ value: T; elapsedMs: number }> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    const elapsedMs = performance.now() - started;
    if (value !== undefined) return { value, elapsedMs };
    if (elapsedMs > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(10);
  }
}
