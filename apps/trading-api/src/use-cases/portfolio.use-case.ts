/*
 * The caller's portfolio: the user's smart account, its USDC and outcome-token balances read on-chain, and the cost
 * basis of each position summed from the account's indexed trades (market_trades). Positions are the (market,
 * outcome) pairs the account holds tokens of, among the markets it has traded on this chain.
 */
import type { Knex } from 'knex';
import type { Address } from 'viem';
import { loadPlatformAddresses } from '#shared/chain/platform-deployment.js';
import { readPositions, readUsdcBalance } from '#shared/chain/balances.js';
import { findUserById } from '#shared/db/users/users.repository.js';
import { listAccountPositionActivity } from '#shared/db/market-trades/market-trades.repository.js';
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
}

export interface PortfolioView {
  smartAccountAddress: string | null;
  usdcBalance: bigint;
  positions: PositionView[];
}

type Deps = { db: Knex; chain?: ChainSource };

async function smartAccountOf(deps: Deps, userId: string): Promise<Address | null> {
  return (await findUserById(deps.db, userId))?.smartAccountAddress ?? null;
}

async function readAccountPositions(deps: Deps, account: Address, marketId?: string): Promise<PositionView[]> {
  const activity = await listAccountPositionActivity(deps.db, account, marketId);
  const reader = await requireChain(deps.chain);
  const onThisChain = activity.filter(
    (row): row is (typeof activity)[number] & { contractAddress: string } =>
      row.contractAddress !== null && (row.chainId === null || row.chainId === reader.chain.id),
  );
  const marketIdOf = new Map(onThisChain.map((row) => [row.contractAddress.toLowerCase(), row.marketId]));
  const held = await readPositions(reader, {
    account,
    // cast: the keys are market contract addresses stored as 0x-hex (lower-cased, which Address admits).
    markets: [...marketIdOf.keys()] as Address[],
  });
  const activityOf = new Map(onThisChain.map((row) => [`${row.marketId}:${row.outcomeIndex}`, row]));
  return held
    .map((position) => {
      // cast: readPositions answers only for the markets it was asked about, all keys of marketIdOf.
      const positionMarketId = marketIdOf.get(position.market.toLowerCase())!;
      const trades = activityOf.get(`${positionMarketId}:${position.outcomeIndex}`);
      const net = trades ? trades.boughtUsdc - trades.soldUsdc : 0n;
      return {
        marketId: positionMarketId,
        outcomeIndex: position.outcomeIndex,
        shares: position.shares,
        costBasis: net > 0n ? net : 0n,
        tradeCount: trades?.tradeCount ?? 0,
        firstTradeAt: trades?.firstTradeAt ?? null,
        lastTradeAt: trades?.lastTradeAt ?? null,
      };
    })
    .sort((a, b) => (a.marketId === b.marketId ? a.outcomeIndex - b.outcomeIndex : a.marketId < b.marketId ? -1 : 1));
}

/** Smart account, USDC balance and open positions of a user (an account not created yet holds nothing). */
export async function getPortfolio(deps: Deps, command: { userId: string }): Promise<PortfolioView> {
  const account = await smartAccountOf(deps, command.userId);
  if (!account) return { smartAccountAddress: null, usdcBalance: 0n, positions: [] };
  const reader = await requireChain(deps.chain);
  const platform = await loadPlatformAddresses(deps.db, reader.chain.id);
  const [usdcBalance, positions] = await Promise.all([
    readUsdcBalance(reader, { usdc: platform.usdc, account: account }),
    readAccountPositions(deps, account),
  ]);
  return { smartAccountAddress: account, usdcBalance, positions };
}

/** Open positions of a user, optionally of one market. */
export async function listPortfolioPositions(
  deps: Deps,
  command: { userId: string; marketId?: string },
): Promise<PositionView[]> {
  const account = await smartAccountOf(deps, command.userId);
  if (!account) return [];
  return readAccountPositions(deps, account, command.marketId);
}
