import { runLeaderLoop } from '#shared/runtime/leader-loop.js';
import type { TradeExecutorDeps } from '../trades/trade-executor-deps.js';
import { reconcileStalledTrades, type ReconcileStalledSettings } from '../use-cases/reconcile-trade.use-case.js';

export interface ReconcileLoopSettings extends ReconcileStalledSettings {
  /** RECONCILE_POLL_MS */
  pollMs: number;
}

/** Leader-elected: settles trades left in flight by a dead worker (reconcile-trade.use-case.ts). Returns its stop. */
export function startReconcileStalledTradesLoop(
  deps: TradeExecutorDeps,
  settings: ReconcileLoopSettings,
): () => Promise<void> {
  return runLeaderLoop({
    db: deps.db,
    lockName: 'trades:reconcile',
    intervalMs: settings.pollMs,
    logger: deps.logger,
    work: async (signal) => {
      await reconcileStalledTrades(deps, { ...settings, signal });
    },
  });
}
