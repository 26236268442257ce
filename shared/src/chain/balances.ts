/**
 * Account-side reads for balance checks and the portfolio: USDC held by a smart account, its outcome-token
 * balances per market, and what it could redeem. USDC atomic-6, tokens WAD-18.
 */
import type { Address } from 'viem';
import { marketAbi, testUsdcAbi } from '../../contracts/artifacts/index.js';
import type { ChainReader } from './chain-clients.js';
import { withChainErrors } from './chain-errors.js';
import { readMarketState } from './market-reads.js';
import type { MarketState } from './market-state.js';

/** USDC (atomic) held by `account` (any ERC-20 with `balanceOf`). */
export function readUsdcBalance(reader: ChainReader, input: { usdc: Address; account: Address }): Promise<bigint> {
  return withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.usdc,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [input.account],
    }),
  );
}

/** Outcome-token balances (WAD) of `account` on one market, one per outcome. */
export async function readOutcomeBalances(
  reader: ChainReader,
  input: { market: Address; account: Address },
): Promise<bigint[]> {
  const balances = await withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.market,
      abi: marketAbi,
      functionName: 'balancesOf',
      args: [input.account],
    }),
  );
  return [...balances];
}

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

/** Winning outcome indexes (empty unless the market resolved). */
export async function readWinners(reader: ChainReader, market: Address): Promise<number[]> {
  const winners = await withChainErrors(() =>
    reader.publicClient.readContract({ address: market, abi: marketAbi, functionName: 'winners' }),
  );
  return winners.map(Number);
}

/** USDC (atomic) `account` would receive by redeeming the outcome now; 0 when nothing is claimable. */
export function readRedeemable(
  reader: ChainReader,
  input: { market: Address; account: Address; outcomeIndex: number },
): Promise<bigint> {
  return withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.market,
      abi: marketAbi,
      functionName: 'redeemable',
      args: [input.account, BigInt(input.outcomeIndex)],
    }),
  );
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
