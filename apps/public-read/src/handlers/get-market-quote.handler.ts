import { getMarketQuote } from '../use-cases/get-market-quote.use-case.js';
import { SerializedJson } from '#shared/http/respond.js';
import { publicHandler } from './public-handler.js';

/** spec/public-read-api.md: the quote endpoint labels its errors ValidationError and NotFoundError. */
export const getMarketQuoteHandler = publicHandler(
  'getMarketQuote',
  async ({ input: { params, query } }, { quote }) => {
    const result = await getMarketQuote(quote, params.id, { ...query, amount: BigInt(query.amount) });
    return {
      status: 200,
      body: new SerializedJson(result.json),
      cacheControl: `public, max-age=${result.maxAgeSeconds}`,
    };
  },
  { errors: { labels: { INVALID_REQUEST: 'ValidationError', MARKET_NOT_FOUND: 'NotFoundError' } } },
);
