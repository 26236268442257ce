/**
 * The executor's trade entry points: quote at the latest block, derive the guard from the quote and the
 * slippage tolerance, send through the user's smart account. Buys spend a USDC amount; sells receive a net USDC
 * amount (DESIGN.md §6: the sell `amount` is what the seller wants to receive), selling the fewest tokens for it.
 */
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import {
  buyThroughAccount,
  sellForUsdcThroughAccount,
  type AccountTarget,
  type AccountTradeExecution,
} from './account-trades.js';
import type { SendObserver } from '#shared/chain/contract-writes.js';
import { readBuyQuote, readSellForExactUsdcQuote } from '#shared/chain/market-reads.js';
import { DEFAULT_SLIPPAGE_BPS, maximumInput, minimumOutput } from './trade-guards.js';

export interface GuardedBuy extends AccountTradeExecution {
  /** tokensOut the quote promised and the guard derived from it. */
  quotedTokensOut: bigint;
  minTokensOut: bigint;
}

export interface GuardedSell extends AccountTradeExecution {
  /** tokensIn the quote needed and the guard derived from it. */
  quotedTokensIn: bigint;
  maxTokensIn: bigint;
}

/** Buys the outcome for `usdcIn` (atomic), refusing fewer tokens than the quote minus `slippageBps`. */
export async function executeBuy(
  writer: ChainWriter,
  input: AccountTarget & SendObserver & { usdcIn: bigint; slippageBps?: number },
): Promise<GuardedBuy> {
  const quote = await readBuyQuote(writer, input);
  const minTokensOut = minimumOutput(quote.tokensOut, input.slippageBps ?? DEFAULT_SLIPPAGE_BPS);
  const execution = await buyThroughAccount(writer, { ...input, minTokensOut });
  return { ...execution, quotedTokensOut: quote.tokensOut, minTokensOut };
}

/** Sells the fewest tokens paying exactly `usdcOut` (net, atomic), spending at most the quote plus `slippageBps`. */
export async function executeSellForUsdc(
  writer: ChainWriter,
  input: AccountTarget & SendObserver & { usdcOut: bigint; slippageBps?: number },
): Promise<GuardedSell> {
  const { tokensIn } = await readSellForExactUsdcQuote(writer, input);
  const maxTokensIn = maximumInput(tokensIn, input.slippageBps ?? DEFAULT_SLIPPAGE_BPS);
  const execution = await sellForUsdcThroughAccount(writer, { ...input, maxTokensIn });
  return { ...execution, quotedTokensIn: tokensIn, maxTokensIn };
}
