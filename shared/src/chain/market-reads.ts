/**
 * Market views: quotes (the exact code of the trade, so a quote at block B equals the trade at B), prices,
 * lifecycle state, and the full quote response both APIs serve (`{ quote, market, units }`).
 */
import type { Address } from 'viem';
import { marketAbi } from '../../contracts/artifacts/index.js';
import type { ChainReader } from './chain-clients.js';
import { withChainErrors } from './chain-errors.js';
import { marketStateFromIndex, type MarketState } from './market-state.js';
import {
  formatBuyQuote,
  formatQuoteMarket,
  formatSellQuote,
  quoteUnits,
  type BuyQuote,
  type ContractBuyQuote,
  type ContractSellQuote,
  type QuoteMarket,
  type SellQuote,
} from './quote-format.js';

export interface MarketPrices {
  /** Normalised marginal prices (WAD, Σ = 1e18): `yesPrice`/`noPrice` and the quote's `impliedProbability`. */
  p: readonly bigint[];
  /** Capital shares (WAD, Σ = 1e18): a market's outcome probabilities (DESIGN §5, implied chance). */
  q: readonly bigint[];
  /** Curve coefficient R/N (WAD). */
  c: bigint;
}

/** `Market.quoteBuy(outcome, usdcIn)`: USDC atomic in, WAD tokens out. */
export function readBuyQuote(
  reader: ChainReader,
  input: { market: Address; outcomeIndex: number; usdcIn: bigint },
): Promise<ContractBuyQuote> {
  return withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.market,
      abi: marketAbi,
      functionName: 'quoteBuy',
      args: [BigInt(input.outcomeIndex), input.usdcIn],
    }),
  );
}

/** `Market.quoteSell(outcome, tokensIn)`: WAD tokens in, net USDC atomic out. */
export function readSellQuote(
  reader: ChainReader,
  input: { market: Address; outcomeIndex: number; tokensIn: bigint },
): Promise<ContractSellQuote> {
  return withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [BigInt(input.outcomeIndex), input.tokensIn],
    }),
  );
}

/** `Market.quoteSellForExactUsdc`: the fewest tokens paying exactly `usdcOut` (net) and that sale's quote. */
export async function readSellForExactUsdcQuote(
  reader: ChainReader,
  input: { market: Address; outcomeIndex: number; usdcOut: bigint },
): Promise<{ tokensIn: bigint; quote: ContractSellQuote }> {
  const [tokensIn, quote] = await withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.market,
      abi: marketAbi,
      functionName: 'quoteSellForExactUsdc',
      args: [BigInt(input.outcomeIndex), input.usdcOut],
    }),
  );
  return { tokensIn, quote };
}

/** Current marginal prices p, capital shares q (the outcome probabilities) and c. */
export async function readMarketPrices(reader: ChainReader, market: Address): Promise<MarketPrices> {
  const [p, q, c] = await withChainErrors(() =>
    reader.publicClient.readContract({ address: market, abi: marketAbi, functionName: 'currentPrices' }),
  );
  return { p, q, c };
}

/** Lifecycle state: OPEN, FROZEN, RESOLVED or CANCELLED. */
export async function readMarketState(reader: ChainReader, market: Address): Promise<MarketState> {
  const state = await withChainErrors(() =>
    reader.publicClient.readContract({ address: market, abi: marketAbi, functionName: 'state' }),
  );
  return marketStateFromIndex(Number(state));
}

/** Total sell fee in basis points (AMM fee + protocol fee, both to the treasury). */
export async function readSellFeeBps(reader: ChainReader, market: Address): Promise<number> {
  const [ammFeeBps, protocolFeeBps] = await withChainErrors(() =>
    reader.publicClient.readContract({ address: market, abi: marketAbi, functionName: 'sellFeeBps' }),
  );
  return Number(ammFeeBps + protocolFeeBps);
}

export interface QuoteRequest {
  /** The market's UUID (echoed as `market.id`). */
  marketId: string;
  contractAddress: Address;
  /** Outcome labels from the database, by outcome index. */
  labels: readonly string[];
  outcomeIndex: number;
  action: 'buy' | 'sell';
  /** Buy: USDC atomic-6; sell: tokens WAD-18. */
  amount: bigint;
}

export interface QuoteResponse {
  quote: BuyQuote | SellQuote;
  market: QuoteMarket;
  units: typeof quoteUnits;
}

/** The whole quote body of `GET /api/markets/{id}/quote` and `GET /v1/markets/{id}/quote` (without `_meta`). */
export async function readQuote(reader: ChainReader, request: QuoteRequest): Promise<QuoteResponse> {
  const target = { market: request.contractAddress, outcomeIndex: request.outcomeIndex };
  const quotePromise: Promise<BuyQuote | SellQuote> =
    request.action === 'buy'
      ? readBuyQuote(reader, { ...target, usdcIn: request.amount }).then((quote) =>
          formatBuyQuote(request.outcomeIndex, request.amount, quote),
        )
      : Promise.all([
          readSellQuote(reader, { ...target, tokensIn: request.amount }),
          readSellFeeBps(reader, request.contractAddress),
        ]).then(([quote, feeBps]) => formatSellQuote(request.outcomeIndex, request.amount, quote, feeBps));
  const [quote, prices, state] = await Promise.all([
    quotePromise,
    readMarketPrices(reader, request.contractAddress),
    readMarketState(reader, request.contractAddress),
  ]);
  const market = formatQuoteMarket({
    id: request.marketId,
    contractAddress: request.contractAddress,
    chainId: reader.chain.id,
    labels: request.labels,
    probabilities: prices.q,
    state,
  });
  return { quote, market, units: quoteUnits };
}
