import { findThreadById, type Thread } from '#shared/db/threads/threads.repository.js';
import { listSocialLinkableMarkets } from '#shared/db/markets/market-lists.repository.js';
import { AppError } from '#shared/errors/app-error.js';
import { buildSocialLink, type SocialPostSettings } from '../domain/social-post.js';
import type { PublicSchemas } from '../openapi/operation-types.js';
import type { ReadContext } from './read-context.js';

export interface ThreadSocialLinks {
  thread: Thread;
  markets: PublicSchemas['ThreadSocialLink'][];
}

/** YES and NO links for every active market of a thread (replies to a source post, or new posts without one). */
export async function getThreadSocialLinks(
  context: ReadContext & { social: SocialPostSettings },
  threadId: string,
  amount: number,
): Promise<ThreadSocialLinks> {
  const [thread, markets] = await Promise.all([
    findThreadById(context.db, threadId),
    listSocialLinkableMarkets(context.db, threadId),
  ]);
  if (!thread) throw new AppError('THREAD_NOT_FOUND', { detail: `Thread ${threadId} does not exist.` });
  const items = markets.map((market) => {
    const sourcePostUrl = market.sourceSocialPostUrl;
    const yes = buildSocialLink(context.social, { side: 'yes', amount, sourcePostUrl, marketId: market.id });
    const no = buildSocialLink(context.social, { side: 'no', amount, sourcePostUrl, marketId: market.id });
    return {
      marketId: market.id,
      question: market.question,
      sourceSocialPostUrl: sourcePostUrl,
      yesLink: yes.socialUrl,
      noLink: no.socialUrl,
      yesPostContent: yes.postContent,
      noPostContent: no.postContent,
    };
  });
  return { thread, markets: items };
}
