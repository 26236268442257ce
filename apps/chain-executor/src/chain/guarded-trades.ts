/**
 * The executor's trade entry points: quote at the latest block, derive the guard from the quote, the slippage
 * tolerance and the client's price limit (trade-guards.ts), send through the user's smart account. Buys spend a USDC amount; sells receive a net USDC
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
import { DEFAULT_SLIPPAGE_BPS, tradeGuard } from './trade-guards.js';

/** The guard's inputs besides the quote: the slippage tolerance, and the bound of the client's limit (limitBound). */
interface GuardSettings {
  slippageBps?: number;
  limit?: bigint | undefined;
}

const guardOf = (side: 'buy' | 'sell', settings: GuardSettings, quoted: bigint): bigint =>
  tradeGuard({ side, slippageBps: settings.slippageBps ?? DEFAULT_SLIPPAGE_BPS, limit: settings.limit }, quoted);

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

/** Buys the outcome for `usdcIn` (atomic), refusing fewer tokens than the quote minus `slippageBps` (or the limit). */
export async function executeBuy(
  writer: ChainWriter,
  input: AccountTarget & SendObserver & GuardSettings & { usdcIn: bigint },
): Promise<GuardedBuy> {
  const quote = await readBuyQuote(writer, input);
  const minTokensOut = guardOf('buy', input, quote.tokensOut);
  const execution = await buyThroughAccount(writer, { ...input, minTokensOut });
  return { ...execution, quotedTokensOut: quote.tokensOut, minTokensOut };
}

/**
 * Sells the fewest tokens paying exactly `usdcOut` (net, atomic), spending at most the quote plus `slippageBps` (or
 * the limit).
 */
export async function executeSellForUsdc(
  writer: ChainWriter,
  input: AccountTarget & SendObserver & GuardSettings & { usdcOut: bigint },
): Promise<GuardedSell> {
  const { tokensIn } = await readSellForExactUsdcQuote(writer, input);
  const maxTokensIn = guardOf('sell', input, tokensIn);
  const execution = await sellForUsdcThroughAccount(writer, { ...input, maxTokensIn });
  return { ...execution, quotedTokensIn: tokensIn, maxTokensIn };
}
