import { findMarketById } from '#shared/db/markets/markets.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import { buildSocialLink, type PostSide, type SocialPostSettings } from '../domain/social-post.js';
import type { PublicSchemas } from '../openapi/operation-types.js';
import type { ReadContext } from './read-context.js';

/**
 * The post that places a `side` prediction of `amount` USD on an active market through the bot: a reply to the
 * market's source post, or a new post carrying the market's page when it has none. An unknown or inactive market
 * is 404 MARKET_NOT_FOUND, saying which.
 */
export async function getMarketSocialLink(
  context: ReadContext & { social: SocialPostSettings },
  marketId: string,
  command: { side: PostSide; amount: number },
): Promise<PublicSchemas['MarketSocialLinkResponse']> {
  const market = await findMarketById(context.db, marketId);
  if (!market) throw new AppError('MARKET_NOT_FOUND', { detail: `Market ${marketId} does not exist.` });
  if (market.status !== 'OPEN') {
    throw new AppError('MARKET_NOT_FOUND', {
      detail: `Market ${marketId} is not active: social links exist only for active markets.`,
    });
  }
  const sourcePostUrl = market.sourceSocialPostUrl;
  const link = buildSocialLink(context.social, { ...command, sourcePostUrl, marketId: market.id });
  return {
    socialUrl: link.socialUrl,
    postContent: link.postContent,
    market: { id: market.id, question: market.question, sourceSocialPostUrl: sourcePostUrl },
  };
}
