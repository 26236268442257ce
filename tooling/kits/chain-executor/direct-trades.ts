/*
 * Trades sent straight through a smart account by the fixture's executor (no trade row, no executor use case): what
 * another trader, a slow worker or a competing buy does to the chain in the executor's and indexer's suites, and the
 * balances a test reads back. Never import outside tests.
 */
import { randomUUID } from 'node:crypto';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { smartAccountAbi } from '../../../shared/contracts/artifacts/index.js';
import { readOutcomeBalances, readUsdcBalance } from '#shared/chain/balances.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import type { ChainFixture } from '#tooling/testing/chain-test-fixtures.js';
import {
  buyThroughAccount,
  sellThroughAccount,
  type AccountTradeExecution,
} from '../../../apps/chain-executor/src/chain/account-trades.js';
import { forwardCallData } from '../../../apps/chain-executor/src/chain/operator-calls.js';

interface OnChain {
  fixture: ChainFixture;
}

interface DirectTrade {
  account: Address;
  market: Address;
  /** Default 0. */
  outcomeIndex?: number;
  /** Default a fresh UUID. */
  tradeId?: string;
  gasLimit?: bigint;
}

/** Buys `usdc` (atomic) of the outcome; the guard is 0 unless `minTokensOut` is given. */
export function buy(
  { fixture }: OnChain,
  input: DirectTrade & { usdc: bigint; minTokensOut?: bigint },
): Promise<AccountTradeExecution> {
  const { usdc, ...rest } = input;
  return buyThroughAccount(fixture.executor, {
    ...fixture.route,
    outcomeIndex: 0,
    minTokensOut: 0n,
    tradeId: randomUUID(),
    ...rest,
    usdcIn: usdc,
  });
}

/** Sells exactly `tokens` (WAD) of the outcome, with no guard. */
export function sell({ fixture }: OnChain, input: DirectTrade & { tokens: bigint }): Promise<AccountTradeExecution> {
  const { tokens, ...rest } = input;
  return sellThroughAccount(fixture.executor, {
    ...fixture.route,
    outcomeIndex: 0,
    minUsdcOut: 0n,
    tradeId: randomUUID(),
    ...rest,
    tokensIn: tokens,
  });
}

/** A buy as one call of a batch (call-batches.ts): the account's `buy` forwarded through the registry. */
export function forwardedBuy(
  { fixture }: OnChain,
  input: {
    account: Address;
    market: Address;
    tradeId: string;
    outcomeIndex?: number;
    usdc: bigint;
    minTokensOut: bigint;
  },
): { target: Address; data: Hex } {
  const { account, market, tradeId, outcomeIndex = 0, usdc, minTokensOut } = input;
  const args = [uuidToBytes32(tradeId), market, BigInt(outcomeIndex), usdc, minTokensOut] as const;
  return {
    target: fixture.route.registry,
    data: forwardCallData(
      fixture.route,
      account,
      encodeFunctionData({ abi: smartAccountAbi, functionName: 'buy', args }),
    ),
  };
}

/** Whether the account's contract has consumed `tradeId` (an executed call; a reverted one leaves it unused). */
export function tradeIdUsed({ fixture }: OnChain, account: Address, tradeId: string): Promise<boolean> {
  return fixture.reader.publicClient.readContract({
    address: account,
    abi: smartAccountAbi,
    functionName: 'tradeIdUsed',
    args: [uuidToBytes32(tradeId)],
  });
}

/** The account's test USDC (atomic). */
export function usdcOf({ fixture }: OnChain, account: Address): Promise<bigint> {
  return readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account });
}

/** What an account holds on-chain: its USDC and its outcome tokens on `market`. */
export async function holdingsOf(
  { fixture }: OnChain,
  account: Address,
  market: Address,
): Promise<{ usdc: bigint; tokens: bigint[] }> {
  return {
    usdc: await readUsdcBalance(fixture.reader, { usdc: fixture.platform.usdc, account }),
    tokens: await readOutcomeBalances(fixture.reader, { market, account }),
  };
}
