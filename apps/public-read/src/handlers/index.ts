import type { PublicOperationId } from '../openapi/operation-types.js';
import { getMarketHandler } from './get-market.handler.js';
import { getMarketQuoteHandler } from './get-market-quote.handler.js';
import { getMarketSocialLinkHandler } from './get-market-social-link.handler.js';
import { getOpenApiHandler } from './get-open-api.handler.js';
import { getOrganizationHandler } from './get-organization.handler.js';
import { getPartnerHandler } from './get-partner.handler.js';
import { getThreadHandler } from './get-thread.handler.js';
import { listFeaturedMarketsHandler } from './list-featured-markets.handler.js';
import { listMarketsHandler } from './list-markets.handler.js';
import { listOrganizationMarketsHandler } from './list-organization-markets.handler.js';
import { listOrganizationThreadsHandler } from './list-organization-threads.handler.js';
import { listPartnerThreadsHandler } from './list-partner-threads.handler.js';
import { listThreadChaptersHandler } from './list-thread-chapters.handler.js';
import { listThreadMarketsHandler } from './list-thread-markets.handler.js';
import { listThreadSocialLinksHandler } from './list-thread-social-links.handler.js';
import { listThreadsHandler } from './list-threads.handler.js';
import { listTrendingMarketsHandler } from './list-trending-markets.handler.js';
import { streamMarketHandler } from './stream-market.handler.js';
import type { PublicHandler } from './public-handler.js';

/** operationId → handler: every operation of the public document has one (the type says so). */
export const publicHandlers: Record<PublicOperationId, PublicHandler> = {
  listThreads: listThreadsHandler,
  getThread: getThreadHandler,
  listThreadMarkets: listThreadMarketsHandler,
  listThreadChapters: listThreadChaptersHandler,
  listThreadSocialLinks: listThreadSocialLinksHandler,
  getOrganization: getOrganizationHandler,
  listOrganizationThreads: listOrganizationThreadsHandler,
  getPartner: getPartnerHandler,
  listPartnerThreads: listPartnerThreadsHandler,
  listMarkets: listMarketsHandler,
  listTrendingMarkets: listTrendingMarketsHandler,
  listFeaturedMarkets: listFeaturedMarketsHandler,
  getMarket: getMarketHandler,
  getMarketQuote: getMarketQuoteHandler,
  getMarketSocialLink: getMarketSocialLinkHandler,
  listOrganizationMarkets: listOrganizationMarketsHandler,
  streamMarket: streamMarketHandler,
  getOpenApi: getOpenApiHandler,
};
