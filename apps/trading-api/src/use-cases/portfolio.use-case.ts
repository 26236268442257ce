/*
 * The caller's portfolio: the user's smart account, its USDC and outcome-token balances read on-chain, and for each
 * position the cost basis and profit and loss from one read of the account's indexed trades (market_trades) by the
 * average-cost method (domain/position-pnl.ts); a completed redemption of a traded position closes it as a sale at
 * its payout, so what a resolved position realized stays in the totals once its tokens are gone; a losing outcome of a
 * resolved market (nothing to redeem, ever) is closed by the resolution as a sale at 0. Positions are the (market,
 * outcome) pairs the account holds tokens of, among the markets it has traded on this chain, but for those losing
 * ones. An open market's position is marked at the outcome's price after the market's latest indexed trade; a
 * resolved or cancelled one at what redeeming it pays now (read on-chain).
 */
import type { Knex } from 'knex';
import type { Address } from 'viem';
import { loadPlatformAddresses } from '#shared/chain/platform-deployment.js';
import { readRedeemable, readUsdcBalance } from '#shared/chain/balances.js';
import { readPositions } from '../chain/account-positions.js';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import { findUserById } from '#shared/db/users/users.repository.js';
import { findMarketsByIds } from '#shared/db/markets/markets.repository.js';
import { listCompletedRedemptionsOfUser } from '#shared/db/redemptions/redemptions.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { listAccountTradeLegs, type AccountTradeLeg } from '#shared/db/market-trades/market-trades.repository.js';
import { USDC_TO_WAD, WAD } from '#shared/domain/units.js';
import {
  averageCostLedger,
  averagePrice,
  valueAtPrice,
  type PositionLedger,
  type PositionTrade,
} from '../domain/position-pnl.js';
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
type ChainMarket = Market & { contractAddress: Address };

/** What an account's indexed trades of one (market, outcome) add up to. */
interface PositionHistory {
  marketId: string;
  ledger: PositionLedger;
  /** USDC atomic paid on buys minus received on sells. */
  netSpent: bigint;
  tradeCount: number;
  firstTradeAt: Date;
  lastTradeAt: Date;
}

async function smartAccountOf(deps: Deps, userId: string): Promise<Address | null> {
  return (await findUserById(deps.db, userId))?.smartAccountAddress ?? null;
}

const keyOf = (position: { marketId: string; outcomeIndex: number }) => `${position.marketId}:${position.outcomeIndex}`;

/** Each (market, outcome) `account` traded, from one read of its indexed trades and one of its user's redemptions. */
async function historiesOf(
  deps: Deps,
  owner: { account: Address; userId: string },
  marketId?: string,
): Promise<Map<string, PositionHistory>> {
  const [legs, redemptions] = await Promise.all([
    listAccountTradeLegs(deps.db, owner.account, marketId),
    listCompletedRedemptionsOfUser(deps.db, owner.userId, marketId),
  ]);
  const byPosition = new Map<string, AccountTradeLeg[]>();
  for (const leg of legs) {
    const position = byPosition.get(keyOf(leg));
    if (position) position.push(leg);
    else byPosition.set(keyOf(leg), [leg]);
  }
  // A redemption comes after the market resolved, so after every trade of its position: a sale of its tokens.
  const redeemed = new Map<string, PositionTrade[]>();
  for (const { tokens, payout, ...position } of redemptions) {
    if (tokens === null || payout === null) continue;
    redeemed.set(keyOf(position), [...(redeemed.get(keyOf(position)) ?? []), { side: 'sell', tokens, usdc: payout }]);
  }
  const histories = new Map<string, PositionHistory>();
  for (const [key, trades] of byPosition) {
    histories.set(key, {
      marketId: trades[0]!.marketId, // cast: a position is keyed by its first leg
      ledger: averageCostLedger([...trades, ...(redeemed.get(key) ?? [])]),
      netSpent: trades.reduce((net, leg) => (leg.side === 'buy' ? net + leg.usdc : net - leg.usdc), 0n),
      tradeCount: trades.length,
      firstTradeAt: trades[0]!.blockTime, // cast: a position is keyed by its first leg; legs come in block order
      lastTradeAt: trades[trades.length - 1]!.blockTime, // cast: as above, a keyed position has a leg
    });
  }
  return histories;
}

/** The mark price and value of `shares`: at the latest indexed price, or at the payout once the market settled. */
async function markOf(
  reader: ChainReader,
  account: Address,
  market: ChainMarket,
  outcomeIndex: number,
  shares: bigint,
): Promise<{ markPrice: bigint | null; value: bigint }> {
  if (market.status === 'RESOLVED' || market.status === 'CANCELLED') {
    const value = await readRedeemable(reader, { market: market.contractAddress, account, outcomeIndex });
    return { markPrice: shares > 0n ? (value * USDC_TO_WAD * WAD) / shares : 0n, value };
  }
  const price = market.currentPrices?.[outcomeIndex];
  const markPrice = price === undefined ? null : BigInt(price);
  return { markPrice, value: markPrice === null ? 0n : valueAtPrice(shares, markPrice) };
}

async function readAccountPositions(
  deps: Deps,
  owner: { account: Address; userId: string },
  marketId?: string,
): Promise<{ positions: PositionView[]; histories: Map<string, PositionHistory> }> {
  const { account } = owner;
  const histories = await historiesOf(deps, owner, marketId);
  const marketIds = [...new Set([...histories.values()].map((history) => history.marketId))];
  const [markets, reader] = await Promise.all([findMarketsByIds(deps.db, marketIds), requireChain(deps.chain)]);
  const onThisChain = [...markets.values()].filter(
    (market): market is ChainMarket =>
      market.contractAddress !== null && (market.chainId === null || market.chainId === reader.chain.id),
  );
  const marketAt = new Map(onThisChain.map((market) => [market.contractAddress.toLowerCase(), market]));
  const held = await readPositions(reader, {
    account,
    // cast: the keys are market contract addresses stored as 0x-hex (lower-cased, which Address admits).
    markets: [...marketAt.keys()] as Address[],
  });
  const positions = await Promise.all(
    held.map(async ({ market: address, outcomeIndex, shares }) => {
      // cast: readPositions answers only for the markets it was asked about, all keys of marketAt.
      const market = marketAt.get(address.toLowerCase())!;
      const history = histories.get(keyOf({ marketId: market.id, outcomeIndex }));
      const ledger = history?.ledger ?? { shares: 0n, openCost: 0n, realizedPnl: 0n };
      // Tokens held without an indexed trade (received some other way) are marked too, at no cost.
      const mark = await markOf(reader, account, market, outcomeIndex, shares);
      if (market.status === 'RESOLVED' && mark.value === 0n) {
        // Tokens the resolution made worth nothing (a losing outcome can never be redeemed): closed as a sale at 0.
        if (history) history.ledger = settledAtZero(ledger);
        return null;
      }
      return {
        marketId: market.id,
        outcomeIndex,
        shares,
        costBasis: history && history.netSpent > 0n ? history.netSpent : 0n,
        tradeCount: history?.tradeCount ?? 0,
        firstTradeAt: history?.firstTradeAt ?? null,
        lastTradeAt: history?.lastTradeAt ?? null,
        ...mark,
        averagePrice: averagePrice(ledger),
        realizedPnl: ledger.realizedPnl,
        unrealizedPnl: mark.value - ledger.openCost,
      };
    }),
  );
  const open = positions.filter((position): position is PositionView => position !== null);
  open.sort((a, b) => (a.marketId === b.marketId ? a.outcomeIndex - b.outcomeIndex : a.marketId < b.marketId ? -1 : 1));
  return { positions: open, histories };
}

/** The ledger once its tokens are closed at no proceeds: their open cost becomes a realized loss. */
const settledAtZero = (ledger: PositionLedger): PositionLedger => ({
  shares: 0n,
  openCost: 0n,
  realizedPnl: ledger.realizedPnl - ledger.openCost,
});

/** Smart account, USDC balance, open positions and realized profit of a user (no account yet: nothing). */
export async function getPortfolio(deps: Deps, command: { userId: string }): Promise<PortfolioView> {
  const account = await smartAccountOf(deps, command.userId);
  if (!account) return { smartAccountAddress: null, usdcBalance: 0n, positions: [], totalRealizedPnl: 0n };
  const reader = await requireChain(deps.chain);
  const platform = await loadPlatformAddresses(deps.db, reader.chain.id);
  const [usdcBalance, { positions, histories }] = await Promise.all([
    readUsdcBalance(reader, { usdc: platform.usdc, account: account }),
    readAccountPositions(deps, { account, userId: command.userId }),
  ]);
  const totalRealizedPnl = [...histories.values()].reduce((total, { ledger }) => total + ledger.realizedPnl, 0n);
  return { smartAccountAddress: account, usdcBalance, positions, totalRealizedPnl };
}

/** Open positions of a user, optionally of one market. */
export async function listPortfolioPositions(
  deps: Deps,
  command: { userId: string; marketId?: string },
): Promise<PositionView[]> {
  const account = await smartAccountOf(deps, command.userId);
  if (!account) return [];
  return (await readAccountPositions(deps, { account, userId: command.userId }, command.marketId)).positions;
}
