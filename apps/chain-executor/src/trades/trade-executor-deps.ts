import type { Address } from 'viem';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import type { ChainExecutorConfig } from '#shared/config/app-configs.js';
import type { Knex } from '#shared/db/create-knex.js';
import type { Logger } from '#shared/logger/logger.js';
import type { OutboxTransaction } from '#shared/messaging/outbox.js';
import type { HeldTrades } from './held-trades.js';
import type { SimulatedDelaySlots } from './simulated-delay.js';
import type { TradeBatcher } from './trade-batcher.js';
import type { TradeReads } from './trade-reads.js';

/** What the trade use cases of the executor depend on (injected: no globals, no transport). */
export interface TradeExecutorDeps {
  db: Knex;
  /** The reads a job starts with, coalesced across the jobs of one turn. */
  reads: TradeReads;
  /** Commits a state change with its outbox messages, then publishes them. */
  outbox: OutboxTransaction;
  /** Signs as one of the executor's signers (the key this replica leases), through the OperatorRegistry. */
  writer: ChainWriter;
  /** The OperatorRegistry: the operator of every smart account, which the signers' calls go through. */
  operatorRegistry: Address;
  /** EXECUTION_DEADLINE_S: how long after it became pending a trade may still execute (execution-deadline.ts). */
  executionDeadlineS: number;
  /** Sends organic trades several per transaction; null (TRADE_BATCH_MAX=1) sends each on its own. */
  batcher: TradeBatcher | null;
  /** TRADE_SLIPPAGE_BPS: the guard's tolerance around the fresh quote. */
  slippageBps: number;
  /** TRADE_PROCESSING_HALTED: pending trades are rejected by policy instead of executed. */
  halted: boolean;
  /** SERVICE_ENV: a stored sandbox simulation is honoured only on a test executor (simulation-gate.ts). */
  serviceEnv: ChainExecutorConfig['SERVICE_ENV'];
  /** Bounds how many `delay=<ms>` simulations this process holds at once (simulated-delay.ts). */
  simulatedDelays: SimulatedDelaySlots;
  /** The trades this replica's workers hold, said alive to the reconciler (held-trades.ts); absent in some tests. */
  held?: HeldTrades;
  now: () => Date;
  logger: Logger;
}

/**
 * How one run left a trade: a terminal state reached by this run; `not_pending` / `lost_race` when the trade was not
 * (or no longer) this run's to move (a duplicate job, another worker); `awaiting_chain` when a transaction may be
 * on its way and the reconciler will settle the trade from the chain.
 */
export type TradeOutcome =
  'completed' | 'failed' | 'rejected' | 'not_found' | 'not_pending' | 'lost_race' | 'awaiting_chain';
