import type { Knex } from 'knex';
import type { Address, Hex } from 'viem';
import { cancelMarket, freezeMarket, resolveMarket } from '../chain/market-admin.js';
import { readMarketState } from '#shared/chain/market-reads.js';
import { readWinners } from '#shared/chain/balances.js';
import { type ChainReader, type ChainWriter } from '#shared/chain/chain-clients.js';
import { findMarketById, updateMarketStatus } from '#shared/db/markets/markets.repository.js';
import type { MarketState as MarketStatus } from '#shared/domain/market-status.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { AppError } from '#shared/errors/app-error.js';

export type MarketAction = 'freeze' | 'resolve' | 'cancel';

const transitions: Record<MarketAction, { from: readonly MarketStatus[]; to: MarketStatus; verb: string }> = {
  freeze: { from: ['OPEN'], to: 'FROZEN', verb: 'frozen' },
  resolve: { from: ['OPEN', 'FROZEN'], to: 'RESOLVED', verb: 'resolved' },
  cancel: { from: ['OPEN', 'FROZEN'], to: 'CANCELLED', verb: 'cancelled' },
};

export interface TransitionMarketDeps {
  db: Knex;
  /** Opened only once the database allows the transition. */
  reader: () => Promise<ChainReader>;
  /** Opened (the admin key leased) only when the chain is not in the target state yet. */
  chain: () => Promise<ChainWriter>;
  now: () => Date;
}

export interface TransitionMarketCommand {
  marketId: string;
  action: MarketAction;
  /** resolve: distinct winning outcome indexes. */
  winners?: readonly number[];
  actor: string;
}

export interface MarketTransition {
  market: Market;
  /** Null when the chain already was in the target state (a re-run after an interrupted one). */
  txHash: Hex | null;
}

const conflict = (detail: string): AppError => new AppError('MARKET_STATE_CONFLICT', { detail });
/** Both sorted ascending (the chain stores winners strictly increasing). */
const sameWinners = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** A transition checked against MySQL and the chain, before anything is sent or recorded. */
export interface TransitionPlan {
  market: Market;
  to: MarketStatus;
  /** resolve: the winning outcome indexes, ascending. */
  winners: number[] | undefined;
  /** False when the chain already is in the target state (only the database is behind). */
  sendsTransaction: boolean;
}

/**
 * What `markets freeze|resolve|cancel` would do (their `--dry-run`): the same checks against MySQL and the chain,
 * refused the same way, without leasing the admin key, sending or recording anything.
 */
export async function planMarketTransition(
  deps: Pick<TransitionMarketDeps, 'db' | 'reader'>,
  command: Omit<TransitionMarketCommand, 'actor'>,
): Promise<TransitionPlan> {
  return (await checkTransition(deps, command)).plan;
}

async function checkTransition(
  deps: Pick<TransitionMarketDeps, 'db' | 'reader'>,
  command: Omit<TransitionMarketCommand, 'actor'>,
): Promise<{ plan: TransitionPlan; onChain: OnChainTransition }> {
  const { from, to, verb } = transitions[command.action];
  const market = await findMarketById(deps.db, command.marketId);
  if (!market) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market has the id ${command.marketId}` });
  if (!from.includes(market.status)) {
    throw conflict(`Market ${market.id} is ${market.status}: only ${from.join(' or ')} markets can be ${verb}`);
  }
  const winners = command.action === 'resolve' ? checkWinners(market, command.winners) : undefined;
  const address = await contractOf(market, deps.reader);
  const onChain = { market, address, from, to, winners };
  const sendsTransaction = await needsSend(await deps.reader(), onChain);
  return { plan: { market, to, winners, sendsTransaction }, onChain };
}

/**
 * `markets freeze|resolve|cancel`: checks the transition against MySQL, performs it on chain as the market owner,
 * then records the new status (conditionally, so concurrent operators cannot both win) with the audit entry in one
 * transaction. A chain already in the target state (an earlier run died before its database write) is only recorded.
 */
export async function transitionMarket(
  deps: TransitionMarketDeps,
  command: TransitionMarketCommand,
): Promise<MarketTransition> {
  const { plan, onChain } = await checkTransition(deps, command);
  const { market, to, winners } = plan;
  const { from, verb } = transitions[command.action];
  const address = onChain.address;
  let txHash: Hex | null = null;
  if (plan.sendsTransaction) {
    const writer = await deps.chain();
    // Read again as the key's holder: another run may have moved the market while this one waited for the key.
    if (await needsSend(writer, onChain)) {
      txHash = (await sendTransition(writer, address, command.action, winners)).txHash;
    }
  }

  const resolveTime = to === 'RESOLVED' || to === 'CANCELLED' ? deps.now() : undefined;
  const updated = await withTransaction(deps.db, async (trx) => {
    const changed = await updateMarketStatus(trx, {
      marketId: market.id,
      from,
      to,
      ...(winners ? { winningOutcomes: winners } : {}),
      ...(resolveTime ? { resolveTime } : {}),
    });
    if (!changed) throw conflict(`Market ${market.id} changed state while it was being ${verb}`);
    await recordAdminAction(trx, {
      actor: command.actor,
      action: `markets.${command.action}`,
      targetType: 'market',
      targetId: market.id,
      details: { from: market.status, to, contractAddress: address, txHash, ...(winners ? { winners } : {}) },
    });
    return findMarketById(trx, market.id);
  });
  if (!updated) throw new AppError('INTERNAL_ERROR', { detail: `market ${command.marketId} vanished while updated` });
  return { market: updated, txHash };
}

function checkWinners(market: Market, winners: readonly number[] | undefined): number[] {
  if (!winners || winners.length === 0) {
    throw new AppError('VALIDATION_FAILED', { detail: '--winners is required to resolve a market' });
  }
  const count = market.outcomes.length;
  if (winners.some((winner) => !Number.isInteger(winner) || winner < 0 || winner >= count)) {
    throw new AppError('VALIDATION_FAILED', {
      detail: `--winners must be outcome indexes from 0 to ${count - 1} (${market.outcomes.join(', ')})`,
    });
  }
  if (new Set(winners).size !== winners.length) {
    throw new AppError('VALIDATION_FAILED', { detail: '--winners must not repeat an outcome' });
  }
  return [...winners].sort((a, b) => a - b);
}

async function contractOf(market: Market, openReader: () => Promise<ChainReader>): Promise<Address> {
  if (!market.contractAddress || market.chainId === null) {
    throw conflict(`Market ${market.id} has no contract on chain`);
  }
  const reader = await openReader();
  if (reader.chain.id !== market.chainId) {
    throw new AppError('VALIDATION_FAILED', {
      detail: `Market ${market.id} lives on chain ${market.chainId}, but CHAIN_RPC_URL serves chain ${reader.chain.id}`,
    });
  }
  return market.contractAddress;
}

interface OnChainTransition {
  market: Market;
  address: Address;
  from: readonly MarketStatus[];
  to: MarketStatus;
  winners: number[] | undefined;
}

/**
 * Whether the chain still has to make the transition: false when it already is in the target state (an earlier run
 * died before its database write), true when it is in a state the transition starts from; a conflict otherwise.
 */
async function needsSend(reader: ChainReader, transition: OnChainTransition): Promise<boolean> {
  const { market, address, from, to, winners } = transition;
  const state = await readMarketState(reader, address);
  if (state === to) {
    if (winners && !sameWinners(await readWinners(reader, address), winners)) {
      throw conflict(`Market ${market.id} is already resolved on chain with other winners`);
    }
    return false;
  }
  if (!from.some((status) => status === state)) {
    throw conflict(`Market ${market.id} is ${state} on chain (${market.status} in the database)`);
  }
  return true;
}

function sendTransition(chain: ChainWriter, market: Address, action: MarketAction, winners: number[] | undefined) {
  if (action === 'freeze') return freezeMarket(chain, market);
  if (action === 'cancel') return cancelMarket(chain, market);
  return resolveMarket(chain, { market, winners: winners ?? [] });
}
