import { getMarketSocialLink } from '../use-cases/get-market-social-link.use-case.js';
import { publicHandler } from './public-handler.js';

/** `side` is checked first (400 INVALID_SIDE, missing or unknown), then the rest (400 INVALID_REQUEST). */
export const getMarketSocialLinkHandler = publicHandler(
  'getMarketSocialLink',
  ({ input: { params, query }, cached }, { context, social }) =>
    cached([params.id, query.side, query.amount], () =>
      getMarketSocialLink({ ...context, social }, params.id, { side: query.side, amount: query.amount }),
    ),
  {
    precedence: {
      name: 'side',
      code: 'INVALID_SIDE',
      problem: (given) => (given === undefined ? '"side" is required' : '"side" must be one of yes, no (given once)'),
    },
  },
);
