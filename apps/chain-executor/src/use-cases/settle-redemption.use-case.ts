/*
 * Settles one redemption claim on-chain: `pending → executing → completed | failed`, each step a conditional UPDATE
 * naming the expected status. The redeem call carries the redemption id as its once-only on-chain id, so even two
 * sends of the same claim pay once (the second returns the first execution). Tokens and payout come from the
 * receipt's TradeExecuted event; settling clears the position's open_claim_key.
 *
 * Who settles what: a job (consumer) or the auto-redeem loop settles a `pending` claim after winning the
 * pending → executing step; a claim already `executing` belongs to whoever took it, and is resumed only by the stalled
 * claims reconciler (`resumeExecuting`), so a redelivered job never sends a second redeem. A transient failure hands
 * the claim back to `pending` and rethrows, so the consumer's requeue (or the reconciler) takes it again.
 */
import type { Knex } from 'knex';
import type { Address } from 'viem';
import { redeemThroughAccount, type AccountTradeExecution } from '../chain/account-trades.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import {
  findRedemptionById,
  transitionRedemptionStatus,
  type RedemptionRecord,
} from '#shared/db/redemptions/redemptions.repository.js';
import { findUserById } from '#shared/db/users/users.repository.js';
import { AppError, toAppError } from '#shared/errors/app-error.js';
import type { Logger } from '#shared/logger/logger.js';

export interface SettleRedemptionDeps {
  db: Knex;
  /** One of the executor's signers, calling through the OperatorRegistry. */
  writer: ChainWriter;
  /** The OperatorRegistry and how long a redeem may wait to be mined (EXECUTION_DEADLINE_S) before it is refused. */
  operatorRegistry: Address;
  executionDeadlineS: number;
  logger: Logger;
  now?: () => Date;
}

export interface SettleRedemptionCommand {
  redemptionId: string;
  /** Resume a claim left `executing` (the reconciler of stalled claims only). */
  resumeExecuting?: boolean;
}

export type SettleOutcome = 'completed' | 'failed' | 'already_settled' | 'in_progress' | 'missing' | 'deferred';

interface RedeemTarget {
  account: Address;
  market: Address;
}

const notClaimable = (detail: string) => new AppError('POSITION_NOT_CLAIMABLE', { detail });

/** The smart account and market contract the claim redeems through; a non-retryable error when either is missing. */
async function redeemTarget(deps: SettleRedemptionDeps, redemption: RedemptionRecord): Promise<RedeemTarget> {
  const [user, market] = await Promise.all([
    findUserById(deps.db, redemption.userId),
    findMarketById(deps.db, redemption.marketId),
  ]);
  if (!user?.smartAccountAddress) throw notClaimable('The user has no smart account.');
  if (!market?.contractAddress) throw notClaimable('The market is not on chain.');
  if (market.chainId !== null && market.chainId !== deps.writer.chain.id) {
    throw notClaimable('The market is on another chain.');
  }
  return { account: user.smartAccountAddress, market: market.contractAddress };
}

/** Takes the claim for this worker: true when it is now `executing` on our behalf. */
async function takeClaim(deps: SettleRedemptionDeps, redemption: RedemptionRecord, resume: boolean) {
  if (redemption.status === 'executing') return resume;
  return transitionRedemptionStatus(deps.db, redemption.id, 'pending', 'executing');
}

async function execute(deps: SettleRedemptionDeps, redemption: RedemptionRecord): Promise<SettleOutcome> {
  const now = deps.now ?? (() => new Date());
  const log = deps.logger.child({ redemptionId: redemption.id });
  let execution: AccountTradeExecution;
  try {
    const target = await redeemTarget(deps, redemption);
    execution = await redeemThroughAccount(deps.writer, {
      ...target,
      registry: deps.operatorRegistry,
      // A redeem refused for its deadline paid nothing and is retried like any transient failure.
      deadline: BigInt(Math.floor(now().getTime() / 1000) + deps.executionDeadlineS),
      outcomeIndex: redemption.outcomeIndex,
      tradeId: redemption.id,
    });
  } catch (error) {
    const failure = toAppError(error);
    if (failure.retry) {
      // Transient (RPC down, receipt timeout…): hand the claim back so the requeued job takes it again. Safe even if
      // the redeem did run: the next send of this id returns that execution. Should this update fail too, the
      // claim stays `executing` and the stalled-claims reconciler resumes it.
      await transitionRedemptionStatus(deps.db, redemption.id, 'executing', 'pending').catch((err: unknown) =>
        log.warn({ event: 'redemption.release_failed', err: toAppError(err).message }, 'could not hand the claim back'),
      );
      log.warn({ event: 'redemption.retry', code: failure.code }, 'redemption will be retried');
      throw failure;
    }
    await transitionRedemptionStatus(deps.db, redemption.id, 'executing', 'failed', {
      errorCode: failure.code,
      errorMessage: failure.code === 'INTERNAL_ERROR' ? 'The redemption could not be executed.' : failure.detail,
      settledAt: now(),
    });
    log.warn({ event: 'redemption.failed', code: failure.code, detail: failure.detail }, 'redemption failed');
    return 'failed';
  }
  // Paid: only `completed` may follow. A failure here leaves the claim `executing`; the stalled-claims pass finds the
  // execution by its id and completes it.
  const completed = await transitionRedemptionStatus(deps.db, redemption.id, 'executing', 'completed', {
    tokens: execution.amountIn,
    payout: execution.amountOut,
    txHash: execution.txHash,
    settledAt: now(),
  });
  if (!completed) return 'in_progress';
  log.info(
    { event: 'redemption.completed', payout: execution.amountOut.toString(), replayed: execution.replayed },
    'redemption settled',
  );
  return 'completed';
}

/** Settles the claim the command names (see the file comment); safe to call any number of times. */
export async function settleRedemption(
  deps: SettleRedemptionDeps,
  command: SettleRedemptionCommand,
): Promise<SettleOutcome> {
  const redemption = await findRedemptionById(deps.db, command.redemptionId);
  if (!redemption) {
    deps.logger.warn({ event: 'redemption.missing', redemptionId: command.redemptionId }, 'no such redemption');
    return 'missing';
  }
  if (redemption.status === 'completed' || redemption.status === 'failed') return 'already_settled';
  if (!(await takeClaim(deps, redemption, command.resumeExecuting ?? false))) return 'in_progress';
  return execute(deps, { ...redemption, status: 'executing' });
}

/**
 * settleRedemption for the leader's passes over many claims: a claim whose settlement throws (transient: it was handed
 * back or stays `executing`) is logged in one line and left for the next pass, so it never stops the others.
 */
export async function settleRedemptionInPass(
  deps: SettleRedemptionDeps,
  command: SettleRedemptionCommand,
): Promise<SettleOutcome> {
  try {
    return await settleRedemption(deps, command);
  } catch (error) {
    const failure = toAppError(error);
    deps.logger.warn(
      { event: 'redemption.deferred', redemptionId: command.redemptionId, code: failure.code },
      'redemption left for the next pass',
    );
    return 'deferred';
  }
}
