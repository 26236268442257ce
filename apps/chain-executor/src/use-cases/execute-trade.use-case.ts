/*
 * Executes the trade a job names. Only a `pending` trade is processed; any other status means another delivery (or
 * worker) has it, so a redelivered or duplicated job never executes twice: pending → validating is a conditional
 * update that exactly one run wins, and the on-chain trade id executes at most once.
 */
import { findApiKeyById, findTradeById } from '../../../../shared/src/db/index.js';
import { driveFromValidating, type DriveOptions } from '../trades/drive-trade.js';
import type { TradeExecutorDeps, TradeOutcome } from '../trades/trade-executor-deps.js';
import { rejectTrade, startValidating } from '../trades/trade-moves.js';
import { policyRejection } from '../trades/trade-policy.js';

export interface ExecuteTradeCommand {
  tradeId: string;
}

export async function executeTrade(
  deps: TradeExecutorDeps,
  command: ExecuteTradeCommand,
  options: DriveOptions = { enqueueRetry: false },
): Promise<TradeOutcome> {
  const trade = await findTradeById(deps.db, command.tradeId);
  if (!trade) {
    deps.logger.warn({ event: 'trade.not_found', tradeId: command.tradeId }, 'job names an unknown trade');
    return 'not_found';
  }
  if (trade.status !== 'pending') {
    deps.logger.debug({ event: 'trade.not_pending', tradeId: trade.id, status: trade.status }, 'nothing to do');
    return 'not_pending';
  }
  const rejection = policyRejection(await findApiKeyById(deps.db, trade.apiKeyId), deps.halted, deps.now());
  if (rejection) {
    if (!(await rejectTrade(deps, trade, rejection))) return 'lost_race';
    deps.logger.info({ event: 'trade.rejected', tradeId: trade.id, code: rejection.code }, 'trade rejected');
    return 'rejected';
  }
  const validating = await startValidating(deps, trade);
  if (!validating) return 'lost_race';
  return driveFromValidating(deps, validating, options);
}
