/* OpenAPI paths of markets, quotes and social links. */
import { marketStatusFilters } from '#shared/domain/market-status.js';
import { MAX_PAGE_LIMIT } from '#shared/domain/paging.js';
import { MAX_HISTORY_POINTS } from '../use-cases/get-market-detail.use-case.js';
import { FEATURED_LIMIT } from '../use-cases/list-featured-markets.use-case.js';
import {
  errorResponse,
  getOperation,
  idParam,
  limitParam,
  offsetParam,
  ok,
  queryParam,
  sortByParam,
  textParam,
  usdAmountSchema,
  sortOrderParam,
} from './operation-helpers.js';
import { maxAgeAlternatives, type OpenApiSettings } from './document-settings.js';
import type { JsonSchema } from './schema-helpers.js';

const invalid = errorResponse('INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`).');
const marketPageParameters: JsonSchema[] = [
  queryParam(
    'status',
    { type: 'string', enum: [...marketStatusFilters], default: 'active' },
    'active = OPEN, paused = FROZEN, resolved = RESOLVED, cancelled and refunded = CANCELLED, all = any.',
  ),
  textParam('category', 'Category.'),
  limitParam(50, MAX_PAGE_LIMIT),
  offsetParam,
  sortByParam(['created_at', 'total_volume', 'current_probability', 'title', 'end_time']),
  sortOrderParam,
];

const quoteOk = (cacheSeconds: number): JsonSchema => {
  const response = ok('QuoteResponse', "The quote, from the market contract's views.");
  return {
    ...response,
    headers: {
      ...(typeof response.headers === 'object' ? response.headers : {}),
      'Cache-Control': {
        description: `\`public, max-age=<seconds left of the ${cacheSeconds} s cache entry>\`.`,
        schema: { type: 'string', pattern: `^public, max-age=(${maxAgeAlternatives(cacheSeconds)})$` },
      },
    },
  };
};

/** The market paths; the quote's cache life is QUOTE_CACHE_SECONDS. */
export const marketPaths = (settings: OpenApiSettings): Record<string, JsonSchema> => ({
  '/api/markets': getOperation({
    operationId: 'listMarkets',
    summary: 'Markets, filtered and sorted',
    tags: ['Markets'],
    parameters: [
      ...marketPageParameters,
      textParam('threadId', 'Thread id.'),
      textParam('thread_id', 'Alias of threadId (must agree when both are given).'),
      textParam('organizationId', 'Organization id.'),
      textParam('partnerId', 'Partner id.'),
      textParam('chapterId', 'Chapter id.'),
    ],
    responses: { '200': ok('MarketListResponse', 'A page of markets.'), '400': invalid },
  }),
  '/api/markets/trending': getOperation({
    operationId: 'listTrendingMarkets',
    summary: 'Active markets ranked by recent activity',
    description:
      'trendingScore = ln(1 + tradeCount) + ln(1 + volumeUsd) + 3·ln(1 + uniqueTraders) over the timeframe; ' +
      'markets without a trade in the timeframe are not listed.',
    tags: ['Markets'],
    parameters: [
      queryParam('timeframe', { type: 'string', enum: ['1d', '7d', '30d'], default: '7d' }, 'Activity window.'),
      limitParam(10, 50),
      textParam('category', 'Category.'),
      queryParam(
        'minVolume',
        { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 0.01 },
        'Minimum totalVolume, in cents (at most 2 decimals).',
      ),
    ],
    responses: { '200': ok('TrendingResponse', 'Ranked markets.'), '400': invalid },
  }),
  '/api/markets/featured': getOperation({
    operationId: 'listFeaturedMarkets',
    summary: `Active featured markets (at most ${FEATURED_LIMIT}), highest volume first`,
    tags: ['Markets'],
    responses: { '200': ok('FeaturedResponse', 'Featured markets.'), '400': invalid },
  }),
  '/api/markets/{id}': getOperation({
    operationId: 'getMarket',
    summary: 'One market, optionally with price history and recent trades',
    tags: ['Markets'],
    parameters: [
      idParam('market'),
      queryParam(
        'history',
        { type: 'boolean', default: false },
        `Include the price history (≤ ${MAX_HISTORY_POINTS} points).`,
      ),
      queryParam('trades', { type: 'boolean', default: false }, 'Include recent trades.'),
      queryParam(
        'trades_limit',
        { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: 20 },
        'Recent trades (with trades=true).',
      ),
    ],
    responses: {
      '200': ok('MarketDetailResponse', 'The market.'),
      '400': invalid,
      '404': errorResponse('Unknown market: the body has only `error`.', 'ErrorOnly'),
    },
  }),
  '/api/markets/{id}/quote': getOperation({
    operationId: 'getMarketQuote',
    summary: `On-chain quote from the market contract's views (cached ${settings.quoteCacheSeconds} s per market, outcome, action, amount)`,
    tags: ['Markets'],
    parameters: [
      idParam('market'),
      queryParam(
        'outcomeIndex',
        { type: 'integer', minimum: 0, maximum: 99 },
        "0 to outcomes − 1 (binary: 0 = YES, 1 = NO); beyond the market's outcomes is a 400 ValidationError.",
        true,
      ),
      queryParam('action', { type: 'string', enum: ['buy', 'sell'] }, 'Trade direction.', true),
      queryParam(
        'amount',
        { type: 'string', pattern: '^(?=[0-9]{1,78}$)0*[1-9][0-9]*$' },
        'Positive integer below 2^256: buy in USDC atomic-6, sell in tokens WAD-18.',
        true,
      ),
    ],
    unavailable: 'DEPENDENCY_UNAVAILABLE: the chain cannot be reached.',
    responses: {
      '200': quoteOk(settings.quoteCacheSeconds),
      '400': errorResponse('`error` = ValidationError: invalid parameters (e.g. amount not greater than zero).'),
      '404': errorResponse('`error` = NotFoundError: unknown market (or no contract on this chain).'),
    },
  }),
  '/api/markets/{id}/social-link': getOperation({
    operationId: 'getMarketSocialLink',
    summary:
      'A social-post link that places a prediction through the bot: a reply to the source post, or a new post with the market page',
    tags: ['Markets', 'Social'],
    parameters: [
      idParam('market'),
      queryParam('side', { type: 'string', enum: ['yes', 'no'] }, 'Prediction side.', true),
      queryParam('amount', usdAmountSchema(), 'USD, at most 2 decimals.', true),
    ],
    responses: {
      '200': ok('MarketSocialLinkResponse', 'The link.'),
      '400': errorResponse('INVALID_SIDE (side missing or not yes/no) or INVALID_REQUEST (other parameters).'),
      '404': errorResponse('MARKET_NOT_FOUND: unknown or not active.'),
    },
  }),
  '/api/organizations/{id}/markets': getOperation({
    operationId: 'listOrganizationMarkets',
    summary: "An organization's markets: /api/markets filtered by organizationId, reduced items",
    tags: ['Organizations'],
    parameters: [idParam('organization'), ...marketPageParameters],
    responses: {
      '200': ok('OrganizationMarketsResponse', 'A page of markets.'),
      '400': invalid,
      '404': errorResponse('NOT_FOUND: unknown organization.'),
    },
  }),
});
