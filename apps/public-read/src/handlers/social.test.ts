import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import {
  createPublicReadSuite,
  expectInvalidParameter,
  expectPublicError,
  getJson,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';

let suite: PublicReadSuite;
let app: RunningPublicRead;
let open: Market;
let frozen: Market;
let unlinked: Market;

beforeAll(async () => {
  suite = await createPublicReadSuite();
  const base = { category: 'misc', outcomes: ['YES', 'NO'] };
  open = await insertMarket(suite.db, {
    ...base,
    question: 'Open?',
    sourceSocialPostUrl: 'https://social.example/@src/status/1234567890',
  });
  frozen = await insertMarket(suite.db, {
    ...base,
    question: 'Frozen?',
    status: 'FROZEN',
    sourceSocialPostUrl: 'https://social.example/@src/status/99',
  });
  unlinked = await insertMarket(suite.db, { ...base, question: 'No post?' });
  app = await suite.start({
    settings: {
      social: {
        intentUrl: 'https://social.example/intent/post',
        botHandle: 'PredictBot',
        marketPageUrl: 'https://foretell.example/markets/',
      },
    },
  });
});

afterAll(() => suite.destroy());

const linkUrl = (id: string, query: string): string => `${app.url}/api/markets/${id}/social-link?${query}`;

describe('GET /api/markets/{id}/social-link', () => {
  it('builds the intent URL replying to the source post with content naming the bot, side and amount', async () => {
    const { status, body } = await getJson(linkUrl(open.id, 'side=yes&amount=25'));
    expect(status).toBe(200);
    expect(body).toEqual({
      socialUrl: 'https://social.example/intent/post?text=%40PredictBot+YES+%2425&in_reply_to=1234567890',
      postContent: '@PredictBot YES $25',
      market: { id: open.id, question: 'Open?', sourceSocialPostUrl: 'https://social.example/@src/status/1234567890' },
    });
    const url = new URL(body.socialUrl as string);
    expect(url.searchParams.get('text')).toBe('@PredictBot YES $25');
    const no = await getJson(linkUrl(open.id, 'side=no&amount=0.99e1'));
    expect(no.status).toBe(400);
    const cents = await getJson(linkUrl(open.id, 'side=no&amount=12.5'));
    expect(cents.body).toMatchObject({ postContent: '@PredictBot NO $12.50' });
  });

  it.each([
    ['amount=10', 'required'],
    ['side=maybe&amount=10', 'one of yes, no'],
    ['side=YES&amount=10', 'one of yes, no'],
    ['side=yes&side=no&amount=10', 'one of yes, no'],
  ])('answers 400 INVALID_SIDE for %s', (query, phrase) =>
    expectPublicError(linkUrl(open.id, query), 400, 'Bad Request', 'INVALID_SIDE', expect.stringContaining(phrase)),
  );

  it.each([
    ['1', '$1'],
    ['10000', '$10000'],
  ])('accepts amount=%s, a bound of the 1-10000 USD range', async (amount, content) => {
    const { status, body } = await getJson(linkUrl(open.id, `side=yes&amount=${amount}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ postContent: `@PredictBot YES ${content}` });
    expect(new URL(body.socialUrl as string).searchParams.get('text')).toBe(`@PredictBot YES ${content}`);
  });

  it.each([
    ['side=yes', 'amount'],
    ['side=yes&amount=0', 'amount'],
    ['side=yes&amount=0.99', 'amount'],
    ['side=yes&amount=10000.01', 'amount'],
    ['side=yes&amount=10001', 'amount'],
    ['side=yes&amount=5&extra=1', 'extra'],
  ])('answers 400 INVALID_REQUEST naming the parameter for %s', (query, name) =>
    expectInvalidParameter(linkUrl(open.id, query), name),
  );

  it('gives an active market without a source post a new post carrying the market page, naming bot, side and amount', async () => {
    const { status, body } = await getJson(linkUrl(unlinked.id, 'side=no&amount=7.5'));
    expect(status).toBe(200);
    expect(body).toEqual({
      socialUrl: expect.any(String),
      postContent: '@PredictBot NO $7.50',
      market: { id: unlinked.id, question: 'No post?', sourceSocialPostUrl: null },
    });
    const url = new URL(String(body.socialUrl));
    expect(url.searchParams.get('text')).toBe('@PredictBot NO $7.50');
    expect(url.searchParams.get('url')).toBe(`https://foretell.example/markets/${unlinked.id}`);
    expect(url.searchParams.has('in_reply_to')).toBe(false);
  });

  it('answers 404 MARKET_NOT_FOUND for unknown and inactive markets', async () => {
    for (const id of ['nope', frozen.id]) {
      await expectPublicError(linkUrl(id, 'side=yes&amount=10'), 404, 'Not Found', 'MARKET_NOT_FOUND');
    }
    const inactive = await getJson(linkUrl(frozen.id, 'side=yes&amount=10'));
    expect(inactive.body.message).toContain('not active');
  });
});
