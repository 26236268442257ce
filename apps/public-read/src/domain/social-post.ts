/**
 * Social links: a pre-composed post that, once posted, places a prediction through the bot. The post text is
 * `@<bot> <YES|NO> $<amount>` (e.g. `@ForetellBot YES $10`, cents only when not whole). For a market with a source
 * post it replies to it: `<SOCIAL_INTENT_URL>?text=<post>&in_reply_to=<source post id>`, the id being the last path
 * segment of the source post URL (…/status/<id>); a source URL without such an id is attached as `url=` instead.
 * A market without a source post gets a new post that carries the market's page (`url=<MARKET_PAGE_URL><id>`).
 */
export type PostSide = 'yes' | 'no';

export interface SocialPostSettings {
  /** e.g. https://social.example/intent/post */
  intentUrl: string;
  /** Without the leading @. */
  botHandle: string;
  /** Base URL of a market's page; the market id is appended (e.g. https://foretell.example/markets/). */
  marketPageUrl: string;
}

/** The page of market `marketId`. */
export function marketPageUrl(settings: Pick<SocialPostSettings, 'marketPageUrl'>, marketId: string): string {
  return `${settings.marketPageUrl}${encodeURIComponent(marketId)}`;
}

/** `10` → `$10`, `12.5` → `$12.50`. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export function composePostContent(botHandle: string, side: PostSide, amount: number): string {
  return `@${botHandle} ${side.toUpperCase()} ${formatUsd(amount)}`;
}

/** The id a reply targets: the last path segment of the source post URL; null when it has none. */
export function sourcePostId(sourcePostUrl: string): string | null {
  let path: string;
  try {
    path = new URL(sourcePostUrl).pathname;
  } catch {
    return null;
  }
  const last = path.split('/').filter(Boolean).pop();
  return last !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(last) ? last : null;
}

export interface SocialLink {
  postContent: string;
  socialUrl: string;
}

/** The post and its intent URL: a reply to `sourcePostUrl`, or without one a new post carrying the market's page. */
export function buildSocialLink(
  settings: SocialPostSettings,
  input: { side: PostSide; amount: number; sourcePostUrl: string | null; marketId: string },
): SocialLink {
  const postContent = composePostContent(settings.botHandle, input.side, input.amount);
  const url = new URL(settings.intentUrl);
  url.searchParams.set('text', postContent);
  if (input.sourcePostUrl === null) {
    url.searchParams.set('url', marketPageUrl(settings, input.marketId));
    return { postContent, socialUrl: url.toString() };
  }
  const replyTo = sourcePostId(input.sourcePostUrl);
  if (replyTo !== null) url.searchParams.set('in_reply_to', replyTo);
  // A source URL without a post id still travels with the post, so the bot can tell the market.
  else url.searchParams.set('url', input.sourcePostUrl);
  return { postContent, socialUrl: url.toString() };
}
