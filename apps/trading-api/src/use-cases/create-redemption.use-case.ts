/*
 * POST /v1/redemptions (spec/trading-api.md "Redemptions"): claims a settled position of the caller's smart account —
 * a winning outcome of a resolved market, or any outcome of a cancelled one. One open claim exists per (user,
 * market, outcome): a duplicate while it is open returns that claim (200). A new claim is written with its job for
 * the chain executor (outbox, `redemptions` exchange) in one transaction; the UNIQUE open_claim_key decides between
 * concurrent requests, so N identical requests create exactly one claim.
 */
import type { Knex } from 'knex';
import { readClaimability, type Claimability } from '../chain/account-positions.js';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import {
  findOpenRedemptionOfUser,
  insertOpenRedemption,
  isOpenClaimConflict,
  type RedemptionRecord,
} from '#shared/db/redemptions/redemptions.repository.js';
import { findUserById } from '#shared/db/users/users.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import { codeOf } from '#shared/errors/thrown-values.js';
import { outcomeOutOfRange } from '#shared/domain/market-rules.js';
import { EXCHANGES } from '#shared/messaging/topology.js';
import { type OutboxTransaction } from '#shared/messaging/outbox.js';
import { requireChain, type ChainSource } from './chain-source.js';

export interface CreateRedemptionCommand {
  userId: string;
  apiKeyId: string;
  marketId: string;
  outcomeIndex: number;
  now: Date;
}

export interface CreateRedemptionDeps {
  db: Knex;
  outbox: OutboxTransaction;
  chain?: ChainSource;
  redemptionsEnabled: boolean;
}

export interface RedemptionOutcome {
  redemption: RedemptionRecord;
  /** False when an open claim of the same position was returned instead. */
  created: boolean;
}

/** The routing key of the executor's job. */
export const REDEMPTION_REQUESTED = 'redemption.requested';

/** A claim that settles between our duplicate-key error and our read lets us try once more. */
const ATTEMPTS = 3;

const notClaimable = (detail: string, reason: string) =>
  new AppError('POSITION_NOT_CLAIMABLE', { detail, extensions: { reason } });

function assertClaimable(claim: Claimability, outcomeIndex: number): void {
  if (claim.claimable) return;
  if (claim.state === 'OPEN' || claim.state === 'FROZEN') {
    throw notClaimable(
      `The market is ${claim.state.toLowerCase()}: it is not resolved or cancelled yet.`,
      'not_settled',
    );
  }
  if (claim.shares === 0n)
    throw notClaimable(`The smart account holds no tokens of outcome ${outcomeIndex}.`, 'nothing_held');
  throw notClaimable(`Outcome ${outcomeIndex} did not win.`, 'losing_outcome');
}

/** 409 unless the caller's smart account holds a claimable balance of the outcome right now (read on-chain). */
async function checkOnChain(deps: CreateRedemptionDeps, market: Market, command: CreateRedemptionCommand) {
  const account = (await findUserById(deps.db, command.userId))?.smartAccountAddress;
  if (!account) throw notClaimable('The caller has no smart account, so it holds no position.', 'no_smart_account');
  const reader = await requireChain(deps.chain);
  if (!market.contractAddress || (market.chainId !== null && market.chainId !== reader.chain.id)) {
    throw notClaimable(`Market ${market.id} is not on this chain.`, 'not_on_chain');
  }
  const claim = await readClaimability(reader, {
    market: market.contractAddress,
    account: account,
    outcomeIndex: command.outcomeIndex,
  });
  assertClaimable(claim, command.outcomeIndex);
}

const isDeadlock = (error: unknown): boolean => codeOf(error) === 'ER_LOCK_DEADLOCK';

/** Inserts the claim and its job in one transaction; null when an open claim of the position won the race. */
async function insertClaim(deps: CreateRedemptionDeps, command: CreateRedemptionCommand) {
  try {
    return await deps.outbox(async (trx, enqueue) => {
      const redemption = await insertOpenRedemption(trx, {
        userId: command.userId,
        apiKeyId: command.apiKeyId,
        marketId: command.marketId,
        outcomeIndex: command.outcomeIndex,
        createdAt: command.now,
      });
      await enqueue({
        exchange: EXCHANGES.redemptions,
        routingKey: REDEMPTION_REQUESTED,
        payload: { redemptionId: redemption.id },
      });
      return redemption;
    });
  } catch (error) {
    // Lost the race to a concurrent identical claim (or was its deadlock victim): the caller reads the winner.
    if (isOpenClaimConflict(error) || isDeadlock(error)) return null;
    throw error;
  }
}

export async function createRedemption(
  deps: CreateRedemptionDeps,
  command: CreateRedemptionCommand,
): Promise<RedemptionOutcome> {
  if (!deps.redemptionsEnabled) {
    throw new AppError('REDEMPTIONS_NOT_ENABLED', {
      detail: 'Self-service redemption is off on this deployment: settled positions are paid automatically.',
    });
  }
  const market = await findMarketById(deps.db, command.marketId);
  if (!market) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market ${command.marketId}.` });
  const outOfRange = outcomeOutOfRange(market, command.outcomeIndex);
  if (outOfRange) throw outOfRange;

  for (let attempt = 1; ; attempt += 1) {
    // An open claim answers without the chain: its position may already be redeemed while the claim executes.
    const open = await findOpenRedemptionOfUser(deps.db, command);
    if (open) return { redemption: open, created: false };
    await checkOnChain(deps, market, command);
    const created = await insertClaim(deps, command);
    if (created) return { redemption: created, created: true };
    if (attempt === ATTEMPTS) {
      throw new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'The claim could not be recorded; retry shortly.' });
    }
  }
}
