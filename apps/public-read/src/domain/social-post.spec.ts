import { describe, expect, it } from '@jest/globals';
import { buildSocialLink, composePostContent, formatUsd, sourcePostId } from './social-post.js';

const settings = {
  intentUrl: 'https://social.example/intent/post',
  botHandle: 'ForetellBot',
  marketPageUrl: 'https://foretell.example/markets/',
};

describe('social posts', () => {
  it('formats whole dollars without cents and others with two decimals', () => {
    expect(formatUsd(10)).toBe('$10');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(10_000)).toBe('$10000');
  });

  it('names the bot, the side in capitals and the amount', () => {
    expect(composePostContent('ForetellBot', 'yes', 10)).toBe('@ForetellBot YES $10');
    expect(composePostContent('ForetellBot', 'no', 0.5 + 1)).toBe('@ForetellBot NO $1.50');
  });

  it('takes the reply target from the last path segment of the source post URL', () => {
    expect(sourcePostId('https://social.example/@someone/status/1860000000001')).toBe('1860000000001');
    expect(sourcePostId('https://social.example/@someone/status/1860000000001/')).toBe('1860000000001');
    expect(sourcePostId('https://social.example/')).toBeNull();
    expect(sourcePostId('not a url')).toBeNull();
  });

  it('builds an intent URL with the encoded post text replying to the source post', () => {
    const link = buildSocialLink(settings, {
      side: 'yes',
      amount: 25,
      sourcePostUrl: 'https://social.example/@src/status/42',
      marketId: 'm-1',
    });
    expect(link.postContent).toBe('@ForetellBot YES $25');
    expect(link.socialUrl).toBe('https://social.example/intent/post?text=%40ForetellBot+YES+%2425&in_reply_to=42');
  });

  it('keeps query parameters of the configured intent URL and attaches the source URL when it has no post id', () => {
    const link = buildSocialLink(
      { ...settings, intentUrl: 'https://social.example/share?via=foretell' },
      { side: 'no', amount: 5, sourcePostUrl: 'https://social.example/', marketId: 'm-1' },
    );
    const url = new URL(link.socialUrl);
    expect(url.searchParams.get('via')).toBe('foretell');
    expect(url.searchParams.get('text')).toBe('@ForetellBot NO $5');
    expect(url.searchParams.get('in_reply_to')).toBeNull();
    expect(url.searchParams.get('url')).toBe('https://social.example/');
  });
});
