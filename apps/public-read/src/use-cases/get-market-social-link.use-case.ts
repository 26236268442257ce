import { findMarketById } from '../../../../shared/src/db/index.js';
import { AppError } from '../../../../shared/src/errors/index.js';
import { buildSocialLink, type PostSide, type SocialPostSettings } from '../domain/social-post.js';
import type { ReadContext } from './read-context.js';

export interface MarketSocialLinkResult {
  socialUrl: string;
  postContent: string;
  market: { id: string; question: string; sourceSocialPostUrl: string };
}

/**
 * The reply that places a `side` prediction of `amount` USD on a market through the bot. Only active markets with a
 * source post have one (the reply targets that post); anything else is 404 MARKET_NOT_FOUND, saying why.
 */
export async function getMarketSocialLink(
  context: ReadContext & { social: SocialPostSettings },
  marketId: string,
  command: { side: PostSide; amount: number },
): Promise<MarketSocialLinkResult> {
  const market = await findMarketById(context.db, marketId);
  if (!market) throw new AppError('MARKET_NOT_FOUND', { detail: `Market ${marketId} does not exist.` });
  if (market.status !== 'OPEN') {
    throw new AppError('MARKET_NOT_FOUND', {
      detail: `Market ${marketId} is not active: social links exist only for active markets.`,
    });
  }
  if (!market.sourceSocialPostUrl) {
    throw new AppError('MARKET_NOT_FOUND', {
      detail: `Market ${marketId} has no source post for a social link to reply to.`,
    });
  }
  const link = buildSocialLink(context.social, { ...command, sourcePostUrl: market.sourceSocialPostUrl });
  return {
    socialUrl: link.socialUrl,
    postContent: link.postContent,
    market: { id: market.id, question: market.question, sourceSocialPostUrl: market.sourceSocialPostUrl },
  };
}
