/*
 * Defence in depth for the sandbox failure simulation (issue 19, decision 0023): the trading API stores
 * `trades.simulation` only for a test key on a test deployment, and the executor checks again before acting on it.
 * A stored simulation is honoured only when this executor runs with SERVICE_ENV=test and the key that placed the
 * trade is a test key (`svc_test_`, env 'test'); otherwise the trade executes organically and one structured
 * error line says why the simulation was ignored.
 */
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import { storedTradeSimulation, type TradeSimulation } from '#shared/domain/trade-simulation.js';
import type { TradeExecutorDeps } from './trade-executor-deps.js';

type GateDeps = Pick<TradeExecutorDeps, 'reads' | 'serviceEnv' | 'logger'>;

/**
 * The simulation the executor acts on for `trade`, or null (none stored, or refused). `key` is the trade's key when
 * the caller has read it already (undefined: read here; null: the key no longer exists).
 */
export async function honouredSimulation(
  deps: GateDeps,
  trade: Pick<TradeRecord, 'id' | 'apiKeyId' | 'simulation'>,
  key?: Pick<ApiKeyRecord, 'env'> | null,
): Promise<TradeSimulation | null> {
  const simulation = storedTradeSimulation(trade.simulation);
  if (!simulation) return null;
  const keyEnv = (key === undefined ? await deps.reads.apiKey(trade.apiKeyId) : key)?.env ?? null;
  if (deps.serviceEnv === 'test' && keyEnv === 'test') return simulation;
  deps.logger.error(
    {
      event: 'trade.simulation_ignored',
      tradeId: trade.id,
      simulation: trade.simulation,
      serviceEnv: deps.serviceEnv,
      keyEnv,
    },
    'stored simulation ignored outside a test executor and test key; executing the trade organically',
  );
  return null;
}
