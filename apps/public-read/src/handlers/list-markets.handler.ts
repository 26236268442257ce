import { presentMarketList } from '../presenters/market-responses.presenter.js';
import { listMarkets } from '../use-cases/list-markets.use-case.js';
import { publicHandler } from './public-handler.js';

/** `thread_id` is an alias of `threadId` (query-refinements.ts checks that both agree). */
export const listMarketsHandler = publicHandler('listMarkets', ({ input, cached }, { context }) => {
  const { thread_id: alias, ...listed } = input.query;
  const query = { ...listed, threadId: listed.threadId ?? alias };
  return cached([query], async () => presentMarketList(await listMarkets(context, query)));
});
