/*
 * The `X-Service-Simulate` header of POST /v1/trades (issue 19, decision 0023), checked where it is read: only a
 * test key on a test deployment may send it, with a known value; otherwise 400 VALIDATION_FAILED naming the header.
 */
import type { ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { parseTradeSimulation, simulationRefusal, type TradeSimulation } from '#shared/domain/trade-simulation.js';
import { AppError } from '#shared/errors/app-error.js';

/** The simulation the request asks for (undefined without the header); throws the 400 when it may not have it. */
export function requestedSimulation(
  header: string | readonly string[] | undefined,
  context: { serviceEnv: ApiKeyEnvironment; keyEnv: ApiKeyEnvironment },
): TradeSimulation | undefined {
  if (header === undefined) return undefined;
  const refusal = simulationRefusal(context);
  if (refusal) throw refusal;
  // Node joins repeated headers with ", ": two values are no known value and are refused below.
  const parsed = parseTradeSimulation(typeof header === 'string' ? header : header.join(', '));
  if (parsed instanceof AppError) throw parsed;
  return parsed;
}
