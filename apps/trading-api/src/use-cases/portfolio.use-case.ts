/*
 * The caller's portfolio: the user's smart account, its USDC and outcome-token balances read on-chain, and for each
 * position the cost basis and profit and loss from the account's indexed trades (market_trades) by the
 * average-cost method (domain/position-pnl.ts). Positions are the (market, outcome) pairs the account holds tokens
 * of, among the markets it has traded on this chain. An open market's position is marked at the outcome's price
 * after the market's latest indexed trade; a resolved or cancelled one at what redeeming it pays now (read on-chain).
 */
import type { Knex } from 'knex';
import type { Address } from 'viem';
import { loadPlatformAddresses } from '#shared/chain/platform-deployment.js';
import { readRedeemable, readUsdcBalance } from '#shared/chain/balances.js';
import { readPositions } from '../chain/account-positions.js';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import { findUserById } from '#shared/db/users/users.repository.js';
import {
  listAccountPositionActivity,
  listAccountTradeLegs,
  type AccountPositionActivity,
  type AccountTradeLeg,
} from '#shared/db/market-trades/market-trades.repository.js';
import { USDC_TO_WAD, WAD } from '#shared/domain/units.js';
import { averageCostLedger, averagePrice, valueAtPrice, type PositionLedger } from '../domain/position-pnl.js';
import { requireChain, type ChainSource } from './chain-source.js';

export interface PositionView {
  marketId: string;
  outcomeIndex: number;
  /** WAD-18 tokens held. */
  shares: bigint;
  /** USDC atomic net spent (buys − sells, never below 0). */
  costBasis: bigint;
  tradeCount: number;
  firstTradeAt: Date | null;
  lastTradeAt: Date | null;
  /** WAD-18 USDC per token the position is marked at; null for an open market without an indexed price yet. */
  markPrice: bigint | null;
  /** USDC atomic-6 the shares are worth at the mark (or pay out), rounded down. */
  value: bigint;
  /** WAD-18 USDC per token paid on average for the tokens still held; null when the trades leave none. */
  averagePrice: bigint | null;
  /** Signed USDC atomic-6. */
  realizedPnl: bigint;
  /** Signed USDC atomic-6: value − the open cost of the held tokens. */
  unrealizedPnl: bigint;
}

export interface PortfolioView {
  smartAccountAddress: string | null;
  usdcBalance: bigint;
  positions: PositionView[];
  /** Realized profit of every position the account traded, closed ones included (signed USDC atomic-6). */
  totalRealizedPnl: bigint;
}

type Deps = { db: Knex; chain?: ChainSource };
type Activity = AccountPositionActivity & { contractAddress: string };

async function smartAccountOf(deps: Deps, userId: string): Promise<Address | null> {
  return (await findUserById(deps.db, userId))?.smartAccountAddress ?? null;
}

const keyOf = (position: { marketId: string; outcomeIndex: number }) => `${position.marketId}:${position.outcomeIndex}`;

/** The average-cost ledger of every (market, outcome) `account` traded. */
async function ledgersOf(deps: Deps, account: Address, marketId?: string): Promise<Map<string, PositionLedger>> {
  const byPosition = new Map<string, AccountTradeLeg[]>();
  for (const leg of await listAccountTradeLegs(deps.db, account, marketId)) {
    const legs = byPosition.get(keyOf(leg));
    if (legs) legs.push(leg);
    else byPosition.set(keyOf(leg), [leg]);
  }
  return new Map([...byPosition].map(([key, trades]) => [key, averageCostLedger(trades)]));
}

/** The mark price and value of `shares`: at the latest indexed price, or at the payout once the market settled. */
async function markOf(
  reader: ChainReader,
  account: Address,
  trades: Activity,
  shares: bigint,
): Promise<{ markPrice: bigint | null; value: bigint }> {
  if (trades.marketStatus === 'RESOLVED' || trades.marketStatus === 'CANCELLED') {
    const market = trades.contractAddress as Address; // cast: a 0x-hex contract address column
    const value = await readRedeemable(reader, { market, account, outcomeIndex: trades.outcomeIndex });
    return { markPrice: shares > 0n ? (value * USDC_TO_WAD * WAD) / shares : 0n, value };
  }
  const markPrice = trades.currentPrices?.[trades.outcomeIndex] ?? null;
  return { markPrice, value: markPrice === null ? 0n : valueAtPrice(shares, markPrice) };
}

async function readAccountPositions(
  deps: Deps,
  account: Address,
  marketId?: string,
): Promise<{ positions: PositionView[]; ledgers: Map<string, PositionLedger> }> {
  const [activity, ledgers] = await Promise.all([
    listAccountPositionActivity(deps.db, account, marketId),
    ledgersOf(deps, account, marketId),
  ]);
  const reader = await requireChain(deps.chain);
  const onThisChain = activity.filter(
    (row): row is Activity => row.contractAddress !== null && (row.chainId === null || row.chainId === reader.chain.id),
  );
  const marketIdOf = new Map(onThisChain.map((row) => [row.contractAddress.toLowerCase(), row.marketId]));
  const held = await readPositions(reader, {
    account,
    // cast: the keys are market contract addresses stored as 0x-hex (lower-cased, which Address admits).
    markets: [...marketIdOf.keys()] as Address[],
  });
  const activityOf = new Map(onThisChain.map((row) => [keyOf(row), row]));
  const positions = await Promise.all(
    held.map(async (position) => {
      // cast: readPositions answers only for the markets it was asked about, all keys of marketIdOf.
      const positionMarketId = marketIdOf.get(position.market.toLowerCase())!;
      const key = keyOf({ marketId: positionMarketId, outcomeIndex: position.outcomeIndex });
      const trades = activityOf.get(key);
      const ledger = ledgers.get(key) ?? { shares: 0n, openCost: 0n, realizedPnl: 0n };
      const net = trades ? trades.boughtUsdc - trades.soldUsdc : 0n;
      const mark = trades ? await markOf(reader, account, trades, position.shares) : { markPrice: null, value: 0n };
      return {
        marketId: positionMarketId,
        outcomeIndex: position.outcomeIndex,
        shares: position.shares,
        costBasis: net > 0n ? net : 0n,
        tradeCount: trades?.tradeCount ?? 0,
        firstTradeAt: trades?.firstTradeAt ?? null,
        lastTradeAt: trades?.lastTradeAt ?? null,
        ...mark,
        averagePrice: averagePrice(ledger),
        realizedPnl: ledger.realizedPnl,
        unrealizedPnl: mark.value - ledger.openCost,
      };
    }),
  );
  positions.sort((a, b) =>
    a.marketId === b.marketId ? a.outcomeIndex - b.outcomeIndex : a.marketId < b.marketId ? -1 : 1,
  );
  return { positions, ledgers };
}

/** Smart account, USDC balance, open positions and realized profit of a user (no account yet: nothing). */
export async function getPortfolio(deps: Deps, command: { userId: string }): Promise<PortfolioView> {
  const account = await smartAccountOf(deps, command.userId);
  if (!account) return { smartAccountAddress: null, usdcBalance: 0n, positions: [], totalRealizedPnl: 0n };
  const reader = await requireChain(deps.chain);
  const platform = await loadPlatformAddresses(deps.db, reader.chain.id);
  const [usdcBalance, { positions, ledgers }] = await Promise.all([
    readUsdcBalance(reader, { usdc: platform.usdc, account: account }),
    readAccountPositions(deps, account),
  ]);
  const totalRealizedPnl = [...ledgers.values()].reduce((total, ledger) => total + ledger.realizedPnl, 0n);
  return { smartAccountAddress: account, usdcBalance, positions, totalRealizedPnl };
}

/** Open positions of a user, optionally of one market. */
export async function listPortfolioPositions(
  deps: Deps,
  command: { userId: string; marketId?: string },
): Promise<PositionView[]> {
  const account = await smartAccountOf(deps, command.userId);
  if (!account) return [];
  return (await readAccountPositions(deps, account, command.marketId)).positions;
}
