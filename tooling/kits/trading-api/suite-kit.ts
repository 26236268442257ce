/* One kit per suite, started in beforeAll and closed in afterAll (jest only: scripts import the kits themselves). */
import { afterAll, beforeAll, expect } from '@jest/globals';
import type { TradingApiDeps } from '../../../apps/trading-api/src/app.js';
import type { ResponseValidator } from './openapi-response-validator.js';
import { call, startTradingApiKit, type TradingApiKit } from './trading-api-test-kit.js';
import { startTradingChainKit, type TradingChainKit } from './trading-chain-kit.js';

/**
 * Starts `start()` before the calling suite's tests and closes it after them. The object returned stands for the
 * started one (every property read goes to it), so tests use it as they would the started kit.
 */
export function useSuiteKit<T extends { close(): Promise<void> }>(start: () => Promise<T>, timeoutMs = 60_000): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    await started?.close();
  });
  // cast: the proxy answers every property of T from the started kit; `then` stays undefined so it is no thenable.
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'then') return undefined;
      if (!started) throw new Error(`The suite kit is read (${String(property)}) before beforeAll started it.`);
      return Reflect.get(started, property) as unknown;
    },
  });
}

/** The suite's trading API. */
export const useTradingApiKit = (overrides: Partial<TradingApiDeps> = {}): TradingApiKit =>
  useSuiteKit(() => startTradingApiKit(overrides));

/** The suite's trading API on an anvil chain. */
export const useTradingChainKit = (overrides: Partial<TradingApiDeps> = {}): TradingChainKit =>
  useSuiteKit(() => startTradingChainKit(overrides));

/** The response's status and problem code, compared together (a mismatch shows both). */
export function expectProblemCode(
  response: { status: number; json: Record<string, unknown> },
  status: number,
  code: string,
): void {
  expect({ status: response.status, code: response.json.code }).toEqual({ status, code });
}

/** The response has `status` (and the problem `code` when given), with the body the description promises for it. */
export function expectDescribed(
  spec: ResponseValidator,
  response: { status: number; json: Record<string, unknown> },
  operationId: string,
  status: number,
  code?: string,
): void {
  if (code === undefined) expect(response.status).toBe(status);
  else expectProblemCode(response, status, code);
  expect(spec.errors(response.json, operationId, status)).toEqual([]);
}

/** `times` requests with an unknown key, each answered 401; `from` gives each attempt's address (X-Forwarded-For). */
export async function failAuthentication(
  kit: TradingApiKit,
  times: number,
  from: string | ((attempt: number) => string),
): Promise<void> {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const ip = typeof from === 'string' ? from : from(attempt);
    expect((await call(kit, 'GET', '/v1/portfolio', { key: `svc_test_${'Z'.repeat(32)}`, ip })).status).toBe(401);
  }
}
