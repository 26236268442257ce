/*
 * Executes the trade a job names. Only a `pending` trade is processed; any other status means another delivery (or
 * worker) has it, so a redelivered or duplicated job never executes twice: pending → executing (through validating)
 * is a conditional update that exactly one run wins, and the on-chain trade id executes at most once.
 */
import { AppError } from '#shared/errors/app-error.js';
import { failureOf, sendTrade, type DriveOptions } from '../trades/drive-trade.js';
import type { TradeExecutorDeps, TradeOutcome } from '../trades/trade-executor-deps.js';
import { executionDeadlineOf, executionTimeout } from '../trades/execution-deadline.js';
import { failValidation, rejectTrade, startExecutingFromPending } from '../trades/trade-moves.js';
import { policyRejection } from '../trades/trade-policy.js';
import { holdSimulatedDelay } from '../trades/simulated-delay.js';
import { honouredSimulation } from '../trades/simulation-gate.js';
import type { TradeReads } from '../trades/trade-reads.js';
import { resolveTradeTarget } from '../trades/trade-target.js';
import { whileHeld } from '../trades/held-trades.js';

export interface ExecuteTradeCommand {
  tradeId: string;
}

export function executeTrade(
  deps: TradeExecutorDeps,
  command: ExecuteTradeCommand,
  options: DriveOptions = { enqueueRetry: false },
): Promise<TradeOutcome> {
  // Held for the whole run, receipt wait included: the reconciler leaves a trade to its live worker.
  return whileHeld(deps.held, command.tradeId, () => executeHeldTrade(deps, command, options));
}

async function executeHeldTrade(
  deps: TradeExecutorDeps,
  command: ExecuteTradeCommand,
  options: DriveOptions,
): Promise<TradeOutcome> {
  const rows = await deps.reads.job(command.tradeId);
  if (!rows) {
    deps.logger.warn({ event: 'trade.not_found', tradeId: command.tradeId }, 'job names an unknown trade');
    return 'not_found';
  }
  const { trade } = rows;
  if (trade.status !== 'pending') {
    deps.logger.debug({ event: 'trade.not_pending', tradeId: trade.id, status: trade.status }, 'nothing to do');
    return 'not_pending';
  }
  let key = rows.apiKey;
  // The market and user read with the trade; read again after a simulated delay.
  let targetReads: Pick<TradeReads, 'market' | 'user'> = {
    market: () => Promise.resolve(rows.market),
    user: () => Promise.resolve(rows.user),
  };
  const simulation = await honouredSimulation(deps, trade, key);
  if (simulation?.kind === 'delay') {
    // X-Service-Simulate: delay=<ms> (decision 0023): held while pending (bounded per process), then taken down the
    // normal path; the key is read again for the policy, and the conditional moves below still settle a trade
    // another worker or the operator moved meanwhile.
    if ((await holdSimulatedDelay(deps, trade, simulation.delayMs)) === 'held') {
      key = await deps.reads.apiKey(trade.apiKeyId);
      targetReads = deps.reads;
    }
  }
  const rejection = policyRejection(key, deps.halted, deps.now(), simulation);
  if (rejection) {
    if (!(await rejectTrade(deps, trade, rejection))) return 'lost_race';
    deps.logger.info({ event: 'trade.rejected', tradeId: trade.id, code: rejection.code }, 'trade rejected');
    return 'rejected';
  }
  // Validation on the rows read (a MySQL failure reading them left the trade pending and the job is retried), then
  // one transaction moves it through validating to executing, or to failed.
  // A pending trade has never been sent (the one backwards move happens only while no transaction exists), so one
  // whose deadline passed while it waited (a backlog, a long outage) fails EXECUTION_TIMEOUT without a send.
  const deadline = executionDeadlineOf(trade, deps.executionDeadlineS);
  const target =
    deadline.getTime() <= deps.now().getTime()
      ? executionTimeout(deadline)
      : await resolveTradeTarget(targetReads, trade, { chainId: deps.writer.chain.id, now: deps.now() });
  if (target instanceof AppError) {
    if (!(await failValidation(deps, trade, failureOf(target)))) return 'lost_race';
    deps.logger.info({ event: 'trade.failed', tradeId: trade.id, code: target.code }, 'trade failed validation');
    return 'failed';
  }
  const executing = await startExecutingFromPending(deps, trade);
  if (!executing) return 'lost_race';
  return sendTrade(deps, executing, target, options, simulation);
}
