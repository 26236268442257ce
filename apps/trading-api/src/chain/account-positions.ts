/**
 * The trading API's reads of a smart account's positions: its non-zero positions across markets (the portfolio) and
 * whether a position can be claimed (POST /v1/redemptions). USDC atomic-6, tokens WAD-18.
 */
import type { Address } from 'viem';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import { readOutcomeBalances, readRedeemable, readWinners } from '#shared/chain/balances.js';
import { readMarketState } from '#shared/chain/market-reads.js';
import type { MarketState } from '#shared/chain/market-state.js';

export interface MarketPosition {
  market: Address;
  outcomeIndex: number;
  /** Tokens held (WAD). */
  shares: bigint;
}

/** Non-zero positions of `account` across markets (one `balancesOf` per market, in parallel). */
export async function readPositions(
  reader: ChainReader,
  input: { account: Address; markets: readonly Address[] },
): Promise<MarketPosition[]> {
  const perMarket = await Promise.all(
    input.markets.map(async (market) => {
      const balances = await readOutcomeBalances(reader, { market, account: input.account });
      return balances.map((shares, outcomeIndex) => ({ market, outcomeIndex, shares }));
    }),
  );
  return perMarket.flat().filter((position) => position.shares > 0n);
}

export interface Claimability {
  state: MarketState;
  /** Tokens held (WAD). */
  shares: bigint;
  /** USDC (atomic) a redemption would pay now. */
  redeemable: bigint;
  /** A non-zero balance on a cancelled market, or of a winning outcome on a resolved one. */
  claimable: boolean;
}

/** What a redemption request needs to decide POSITION_NOT_CLAIMABLE before queueing the claim. */
export async function readClaimability(
  reader: ChainReader,
  input: { market: Address; account: Address; outcomeIndex: number },
): Promise<Claimability> {
  const [state, balances, redeemable, winners] = await Promise.all([
    readMarketState(reader, input.market),
    readOutcomeBalances(reader, input),
    readRedeemable(reader, input),
    readWinners(reader, input.market),
  ]);
  const shares = balances[input.outcomeIndex] ?? 0n;
  const claimable =
    shares > 0n && (state === 'CANCELLED' || (state === 'RESOLVED' && winners.includes(input.outcomeIndex)));
  return { state, shares, redeemable, claimable };
}
