/**
 * Account-side reads that several deployables make: USDC held by a smart account, its outcome-token balances on a
 * market, a market's winners and what the account could redeem. USDC atomic-6, tokens WAD-18.
 */
import type { Address } from 'viem';
import { marketAbi, testUsdcAbi } from '../../contracts/artifacts/index.js';
import type { ChainReader } from './chain-clients.js';
import { withChainErrors } from './chain-errors.js';

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
