/**
 * Sandbox failure simulation (issue 19, decision 0023): the `X-Service-Simulate` header of POST /v1/trades picks the
 * outcome a test-environment trade takes through the real executor. Pure: parsing, the canonical stored form, and
 * where it may be used. The value is stored with the trade (`trades.simulation`) in its canonical form.
 */
import type { ApiKeyEnvironment } from '../auth/api-key-format.js';
import { AppError } from '../errors/app-error.js';

export const SIMULATE_HEADER = 'X-Service-Simulate';

export const simulatedOutcomes = [
  'revert',
  'slippage',
  'price_limit',
  'timeout',
  'insufficient_balance',
  'reject',
] as const;
export type SimulatedOutcome = (typeof simulatedOutcomes)[number];

/** The longest hold `delay=<ms>` may ask for. */
export const MAX_SIMULATED_DELAY_MS = 30_000;

export type TradeSimulation = { kind: SimulatedOutcome } | { kind: 'delay'; delayMs: number };

const DELAY = /^delay=([1-9][0-9]{0,4})$/;

const refuse = (detail: string): AppError =>
  new AppError('VALIDATION_FAILED', {
    detail,
    extensions: { field: SIMULATE_HEADER.toLowerCase(), location: 'header' },
  });

const isOutcome = (value: string): value is SimulatedOutcome => simulatedOutcomes.some((outcome) => outcome === value);

/** The simulation a header value names, or the 400 VALIDATION_FAILED naming the header. */
export function parseTradeSimulation(raw: string): TradeSimulation | AppError {
  const value = raw.trim();
  if (isOutcome(value)) return { kind: value };
  const delay = DELAY.exec(value);
  if (delay) {
    const delayMs = Number(delay[1]);
    if (delayMs <= MAX_SIMULATED_DELAY_MS) return { kind: 'delay', delayMs };
    return refuse(`${SIMULATE_HEADER}: delay must be an integer from 1 to ${MAX_SIMULATED_DELAY_MS} ms.`);
  }
  return refuse(
    `${SIMULATE_HEADER} must be one of ${simulatedOutcomes.join(', ')} or delay=<ms> (1 to ${MAX_SIMULATED_DELAY_MS}).`,
  );
}

/** The canonical stored and traced form: `revert`, …, `delay=1500`. */
export function formatTradeSimulation(simulation: TradeSimulation): string {
  return simulation.kind === 'delay' ? `delay=${simulation.delayMs}` : simulation.kind;
}

/** The simulation of a stored trade (null: an organic trade, or a stored value this version does not know). */
export function storedTradeSimulation(stored: string | null): TradeSimulation | null {
  if (stored === null) return null;
  const parsed = parseTradeSimulation(stored);
  return parsed instanceof AppError ? null : parsed;
}

/**
 * The header is honoured only on a test key in a deployment whose SERVICE_ENV is `test`: anywhere else it is a
 * 400 VALIDATION_FAILED naming it, so a live integration can never trade through a simulation by mistake.
 */
export function simulationRefusal(context: {
  serviceEnv: ApiKeyEnvironment;
  keyEnv: ApiKeyEnvironment;
}): AppError | null {
  if (context.serviceEnv === 'test' && context.keyEnv === 'test') return null;
  const where = context.serviceEnv === 'test' ? 'a live key' : 'a live deployment';
  return refuse(`${SIMULATE_HEADER} is accepted only with a svc_test_ key on a test deployment, not on ${where}.`);
}
