/* OpenAPI component schemas of markets, trending/featured items, the market detail and the quote. */
import { marketListStatuses, marketStates, quoteMarketStatus } from '#shared/domain/market-status.js';
import {
  array,
  bigIntString,
  boolean,
  dateTime,
  enumOf,
  fraction,
  integer,
  nullableFraction,
  nullableString,
  number,
  object,
  ref,
  string,
  type JsonSchema,
} from './schema-helpers.js';

const listStatus = enumOf(marketListStatuses, 'List form of the market status.');
const endTime: JsonSchema = { type: ['integer', 'null'], description: 'Unix milliseconds; null when not set.' };
const cents = (description: string): JsonSchema => integer(`${description} (cents).`);

const prices = {
  yesPrice: nullableFraction('Outcome 0 (YES) marginal price.'),
  noPrice: nullableFraction('1 − yesPrice (the NO price on a binary market).'),
};
const common = {
  id: string('Market UUID.'),
  question: string(),
  description: string(),
};
const listTail = {
  totalVolume: cents('Total traded volume'),
  tradeCount: integer(),
  status: listStatus,
  endTime,
  category: string(),
  createdAt: dateTime,
};

const marketListItemProperties = {
  ...common,
  probability: nullableFraction('Outcome 0 (YES) probability; null before any price is indexed.'),
  ...prices,
  ...listTail,
  sourceSocialPostUrl: nullableString("URL of the market's originating post."),
};

const outcome = object({
  outcomeIndex: integer(),
  label: string(),
  probability: nullableFraction('Outcome probability.'),
  price: nullableFraction('Outcome marginal price.'),
});

const historyPoint = (timestamp: JsonSchema): JsonSchema =>
  object({
    timestamp,
    price: fraction('Outcome 0 price.'),
    probability: fraction('Outcome 0 probability.'),
    volume: cents('Cumulative volume'),
  });

const quoteShared = {
  outcomeIndex: integer(),
  reserveAfter: bigIntString('Reserve after the trade (WAD-18).'),
  c: bigIntString(
    'Curve coefficient R/N after the trade (WAD-18): preserved on buys (rounding can only raise it), strictly lower ' +
      'after a sell (the sell fees and the rounding leave the reserve; none is kept).',
  ),
  pAfter: array(bigIntString('WAD-18 price; the array sums to 1e18.')),
  qAfter: array(bigIntString('WAD-18 capital share; the array sums to 1e18.')),
  effectivePrice: number('USDC per token (approximate).'),
  impliedProbability: nullableFraction('pAfter[outcomeIndex] / 1e18.'),
};

export const marketSchemas: Record<string, JsonSchema> = {
  MarketListItem: object(marketListItemProperties),
  ThreadMarketItem: object({
    ...common,
    currentProbability: nullableFraction('Outcome 0 (YES) probability.'),
    ...prices,
    ...listTail,
    tags: array(string()),
  }),
  OrganizationMarketItem: object({
    id: common.id,
    question: common.question,
    probability: marketListItemProperties.probability,
    totalVolume: listTail.totalVolume,
    status: listStatus,
    endTime,
    category: string(),
    createdAt: dateTime,
  }),
  TrendingMarketItem: object({
    ...marketListItemProperties,
    trendingScore: number('ln(1+trades) + ln(1+volumeUsd) + 3·ln(1+uniqueTraders) over the timeframe.'),
    trendingRank: integer('1 = most trending.', 1),
    recentMetrics: object({
      tradeCount: integer(),
      volume: cents('Volume in the timeframe'),
      uniqueTraders: integer(),
    }),
  }),
  FeaturedMarketItem: object({ ...marketListItemProperties, featured: boolean }),
  MarketDetail: object(
    {
      ...marketListItemProperties,
      status: enumOf(marketStates, 'Detail form of the market status.'),
      tags: array(string()),
      outcomes: array(outcome),
      priceHistory: array(historyPoint(integer('Unix milliseconds.')), 100),
    },
    ['priceHistory'],
  ),
  PriceHistoryPoint: historyPoint(dateTime),
  RecentTrade: object({
    id: string(),
    side: enumOf(['YES', 'NO'], 'The outcome traded: YES = outcome 0, NO = another outcome.'),
    amount: cents('USDC paid (buy) or received (sell)'),
    price: fraction('Average price per token.'),
    timestamp: dateTime,
    outcomeIndex: integer(),
    action: enumOf(['buy', 'sell']),
  }),
  BuyQuote: object({
    ...quoteShared,
    action: enumOf(['buy']),
    amountIn: bigIntString('Echoes amount (USDC atomic-6).'),
    tokensOut: bigIntString('Tokens received (WAD-18).'),
  }),
  SellQuote: object({
    ...quoteShared,
    action: enumOf(['sell']),
    tokensIn: bigIntString('Echoes amount (WAD-18).'),
    usdcOut: bigIntString('USDC received net of the sell fee (atomic-6).'),
    grossRelease: bigIntString(
      'Everything the sell takes out of the reserve, R − R′ (WAD-18): usdcOut plus both sell fees, which go to the treasury (grossRelease / 1e12 − usdcOut is the fee, rounding included).',
    ),
    sellFeeBps: integer('Total sell fee in basis points.'),
  }),
  QuoteResponse: object({
    quote: { oneOf: [ref('BuyQuote'), ref('SellQuote')] },
    market: object({
      id: string(),
      contractAddress: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
      chainId: integer(),
      outcomes: array(
        object({
          outcomeIndex: integer(),
          label: string(),
          probability: fraction(
            "Outcome probability: the pool's capital share q (currentPrices().q), as in every market view.",
          ),
        }),
      ),
      status: enumOf(marketStates.map(quoteMarketStatus), 'Quote form of the market status.'),
    }),
    units: object({ usdc: enumOf(['atomic-6']), token: enumOf(['wad-18']) }),
  }),
};
