/**
 * Pure shaping of the contract quote views into the public quote members (spec/public-read-api.md, "Quote"):
 * big integers as decimal strings, convenience numbers (`effectivePrice`, `impliedProbability`, `probability`)
 * computed from bigints in whole units. Units: USDC atomic-6; tokens, reserve, c, prices and shares WAD-18.
 */
import type { Address } from 'viem';
import { quoteMarketStatus, type MarketState, type QuoteMarketStatus } from '../domain/market-status.js';
import { averagePriceWad, wadToNumber } from '../domain/units.js';

/** Raw result of `Market.quoteBuy`. */
export interface ContractBuyQuote {
  tokensOut: bigint;
  fee: bigint;
  reserveAfter: bigint;
  c: bigint;
  pAfter: readonly bigint[];
  qAfter: readonly bigint[];
}

/** Raw result of `Market.quoteSell`. */
export interface ContractSellQuote {
  usdcOut: bigint;
  grossRelease: bigint;
  ammFee: bigint;
  protocolFee: bigint;
  reserveAfter: bigint;
  c: bigint;
  pAfter: readonly bigint[];
  qAfter: readonly bigint[];
}

/** Members a buy and a sell quote share. */
export interface QuotePoolAfter {
  outcomeIndex: number;
  reserveAfter: string;
  c: string;
  pAfter: string[];
  qAfter: string[];
  effectivePrice: number;
  impliedProbability: number | null;
}

export interface BuyQuote extends QuotePoolAfter {
  action: 'buy';
  amountIn: string;
  tokensOut: string;
}

export interface SellQuote extends QuotePoolAfter {
  action: 'sell';
  tokensIn: string;
  usdcOut: string;
  grossRelease: string;
  sellFeeBps: number;
}

export interface QuoteMarketOutcome {
  outcomeIndex: number;
  label: string;
  probability: number;
}

export interface QuoteMarket {
  id: string;
  contractAddress: Address;
  chainId: number;
  outcomes: QuoteMarketOutcome[];
  status: QuoteMarketStatus;
}

export const quoteUnits = { usdc: 'atomic-6', token: 'wad-18' } as const;

/**
 * USDC per whole token: `(usdcAtomic / 1e6) / (tokensWad / 1e18)`, computed in WAD before the one conversion to a
 * number. 0 when no tokens change hands (the contracts refuse such trades anyway).
 */
export function effectivePrice(usdcAtomic: bigint, tokensWad: bigint): number {
  return wadToNumber(averagePriceWad(usdcAtomic, tokensWad));
}

const toStrings = (values: readonly bigint[]): string[] => values.map((value) => value.toString());

function poolAfter(outcomeIndex: number, quote: ContractBuyQuote | ContractSellQuote) {
  const price = quote.pAfter[outcomeIndex];
  return {
    reserveAfter: quote.reserveAfter.toString(),
    c: quote.c.toString(),
    pAfter: toStrings(quote.pAfter),
    qAfter: toStrings(quote.qAfter),
    impliedProbability: price === undefined ? null : wadToNumber(price),
  };
}

/** The buy quote members; `effectivePrice` = amountIn / tokensOut (fee included, USDC per token). */
export function formatBuyQuote(outcomeIndex: number, amountIn: bigint, quote: ContractBuyQuote): BuyQuote {
  const { impliedProbability, ...pool } = poolAfter(outcomeIndex, quote);
  return {
    outcomeIndex,
    action: 'buy',
    amountIn: amountIn.toString(),
    tokensOut: quote.tokensOut.toString(),
    ...pool,
    effectivePrice: effectivePrice(amountIn, quote.tokensOut),
    impliedProbability,
  };
}

/**
 * The sell quote members; `effectivePrice` = usdcOut / tokensIn (net of fees, USDC per token), `sellFeeBps` the
 * total sell fee (AMM share + protocol share, both to the treasury; none stays in the reserve).
 */
export function formatSellQuote(
  outcomeIndex: number,
  tokensIn: bigint,
  quote: ContractSellQuote,
  sellFeeBps: number,
): SellQuote {
  const { impliedProbability, ...pool } = poolAfter(outcomeIndex, quote);
  return {
    outcomeIndex,
    action: 'sell',
    tokensIn: tokensIn.toString(),
    usdcOut: quote.usdcOut.toString(),
    grossRelease: quote.grossRelease.toString(),
    sellFeeBps,
    ...pool,
    effectivePrice: effectivePrice(quote.usdcOut, tokensIn),
    impliedProbability,
  };
}

/**
 * The quote's `market` object; outcome labels come from the database, probabilities are the capital shares q
 * (`currentPrices().q`), the same number every market `probability` in both APIs shows.
 */
export function formatQuoteMarket(input: {
  id: string;
  contractAddress: Address;
  chainId: number;
  labels: readonly string[];
  probabilities: readonly bigint[];
  state: MarketState;
}): QuoteMarket {
  return {
    id: input.id,
    contractAddress: input.contractAddress,
    chainId: input.chainId,
    outcomes: input.probabilities.map((probability, outcomeIndex) => ({
      outcomeIndex,
      label: input.labels[outcomeIndex] ?? `Outcome ${outcomeIndex + 1}`,
      probability: wadToNumber(probability),
    })),
    status: quoteMarketStatus(input.state),
  };
}
