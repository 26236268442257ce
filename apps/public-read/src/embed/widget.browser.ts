/*
 * The embeddable widget in a real headless Chromium (issue 19): /embed/demo renders a market that trades on its own
 * anvil, updates when a buy moves the price, shows a stale badge when the kill switch cuts its stream and recovers,
 * renders hostile API strings as text, and asks nothing of any origin but the API's. Screenshots: artifacts/embed/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'puppeteer-core';
import { insertMarket } from '#shared/db/markets/markets.repository.js';
import { launchChromium, saveScreenshot } from '#tooling/kits/public-read/embed/chromium.js';
import {
  DEMO_PARTNER,
  DEMO_QUESTION,
  startLiveMarketKit,
  type LiveMarketKit,
} from '#tooling/kits/public-read/embed/live-market-kit.js';
import { pointsOf, readWidget, waitForWidget } from '#tooling/kits/public-read/embed/widget-page.js';

const STREAM_ROUTE = 'GET /api/markets/:id/stream';
/** Goal Line's colorPrimary (#2da44e) as the browser computes it; the card backgrounds of both schemes. */
const PARTNER_ACCENT = 'rgb(45, 164, 78)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
const DARK_BACKGROUND = 'rgb(22, 23, 29)';

let kit: LiveMarketKit;
let browser: Browser;
let page: Page;
const requested: string[] = [];
const dialogs: string[] = [];

const percentages = (outcomes: Array<[string, string]>): number[] => outcomes.map(([, text]) => parseInt(text, 10));

beforeAll(async () => {
  // Both settle before a failure is thrown, so afterAll closes whichever started (no stray anvil keeps jest alive).
  const [kitStart, browserStart] = await Promise.allSettled([startLiveMarketKit(), launchChromium()]);
  if (kitStart.status === 'fulfilled') kit = kitStart.value;
  if (browserStart.status === 'fulfilled') browser = browserStart.value;
  for (const start of [kitStart, browserStart]) if (start.status === 'rejected') throw start.reason;
  // Two trades before the page opens: a price history of two points.
  await kit.buy(0, 10);
  await kit.buy(1, 4);
  page = await browser.newPage();
  await page.setViewport({ width: 720, height: 560 });
  page.on('request', (request) => requested.push(request.url()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await kit?.close();
});

describe('<foretell-market> on /embed/demo in Chromium', () => {
  it("renders the market: question, each outcome's probability, the sparkline, the volume, the partner's colour", async () => {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    const response = await page.goto(`${kit.app.url}/embed/demo?market=${kit.marketId}`);
    expect(response?.status()).toBe(200);
    // The stream's first state may come before the history: one value, drawn as a level line of two path points.
    const state = await waitForWidget(page, 'the market live with its history', (widget) => {
      return (
        widget.connection === 'live' &&
        widget.sparklineLabel.endsWith(' over 2 points') &&
        widget.accent === PARTNER_ACCENT
      );
    });
    // Upgraded after the page parsed (the script loads async), it still starts once: one stream, one history read.
    const streamUrl = `${kit.app.url}/api/markets/${kit.marketId}/stream`;
    expect(requested.filter((url) => url === streamUrl)).toHaveLength(1);
    expect(requested.filter((url) => url.endsWith(`/api/markets/${kit.marketId}?history=true`))).toHaveLength(1);
    expect(state.question).toBe(DEMO_QUESTION);
    expect(state.outcomes.map(([label]) => label)).toEqual(['YES', 'NO']);
    const [yes, no] = percentages(state.outcomes);
    expect(yes! + no!).toBeGreaterThanOrEqual(99);
    expect(yes).toBeGreaterThan(no!);
    expect(state.volume).toBe('$14 volume');
    expect(state.sparklineLabel).toMatch(/^YES probability history: from \d+% to \d+% over 2 points$/);
    expect(state.background).toBe(LIGHT_BACKGROUND);
    expect(state.error).toBe('');
    await saveScreenshot(page, 'embed/widget-light.png');
  });

  it('follows prefers-color-scheme: dark', async () => {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    const state = await waitForWidget(page, 'the dark scheme', (widget) => widget.background === DARK_BACKGROUND);
    expect(state.accent).toBe(PARTNER_ACCENT);
    await saveScreenshot(page, 'embed/widget-dark.png');
  });

  it('updates live when a trade on chain moves the price', async () => {
    const before = (await readWidget(page))!;
    await kit.buy(0, 40);
    const after = await waitForWidget(page, 'the new price', (widget) => widget.volume !== before.volume);
    expect(after.volume).toBe('$54 volume');
    expect(percentages(after.outcomes)[0]).toBeGreaterThan(percentages(before.outcomes)[0]!);
    expect(pointsOf(after.sparkline)).toBe(pointsOf(before.sparkline) + 1);
    expect(after.connection).toBe('live');
  });

  it('shows a stale badge while the stream is cut, keeps the last prices, and reconnects when it is back', async () => {
    const before = (await readWidget(page))!;
    kit.switches.set([STREAM_ROUTE]);
    const stale = await waitForWidget(page, 'the stale badge', (widget) => widget.connection === 'stale');
    expect(stale.connectionText).toBe('Stale');
    expect(stale.outcomes).toEqual(before.outcomes);
    expect(stale.volume).toBe(before.volume);
    await saveScreenshot(page, 'embed/widget-stale.png');

    kit.switches.set([]);
    const live = await waitForWidget(page, 'the stream back', (widget) => widget.connection === 'live');
    expect(live.connectionText).toBe('Live');
    expect(live.outcomes).toEqual(before.outcomes);
  });

  it('says Stale, never Live, when it loads while the stream is switched off, although the history shows the prices', async () => {
    kit.switches.set([STREAM_ROUTE]);
    try {
      await page.goto(`${kit.app.url}/embed/demo?market=${kit.marketId}`);
      const shown = await waitForWidget(page, 'the market from its history', (widget) => widget.volume !== '');
      expect(shown.question).toBe(DEMO_QUESTION);
      // The history answer came and went: for two more seconds the badge never claims the prices are live.
      const until = Date.now() + 2_000;
      while (Date.now() < until) {
        expect((await readWidget(page))?.connection).not.toBe('live');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await readWidget(page))?.connectionText).toBe('Stale');
    } finally {
      kit.switches.set([]);
    }
    const live = await waitForWidget(page, 'the stream back', (widget) => widget.connection === 'live');
    expect(live.connectionText).toBe('Live');
  });

  it('shows the new market, and nothing of the old one, when its market-id changes', async () => {
    const other = await insertMarket(kit.suite.db, {
      question: 'The other market?',
      category: 'misc',
      outcomes: ['UP', 'DOWN'],
    });
    // Its stream refused, as at a reader's stream cap: only its history answers.
    kit.switches.set([STREAM_ROUTE]);
    try {
      await page.evaluate(
        `document.querySelector('foretell-market').setAttribute('market-id', ${JSON.stringify(other.id)})`,
      );
      const state = await waitForWidget(page, 'the other market', (widget) => widget.question === 'The other market?');
      expect(state.outcomes.map(([label]) => label)).toEqual(['UP', 'DOWN']);
      expect(state.connection).not.toBe('live');
    } finally {
      kit.switches.set([]);
    }
  });

  it('shows API strings as text, never as markup', async () => {
    const hostile = await insertMarket(kit.suite.db, {
      question: '<img src=x onerror="alert(1)"><script>alert(2)</script>',
      category: 'misc',
      outcomes: ['<b onclick="alert(3)">YES</b>', 'NO'],
    });
    await page.goto(`${kit.app.url}/embed/demo?market=${hostile.id}`);
    const state = await waitForWidget(page, 'the hostile market', (widget) => widget.question !== '');
    expect(state.question).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    expect(state.outcomes[0]).toEqual(['<b onclick="alert(3)">YES</b>', '–']);
    expect(state.injected).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('says so when the market does not exist', async () => {
    await page.goto(`${kit.app.url}/embed/demo?market=00000000-0000-4000-8000-000000000000`);
    const state = await waitForWidget(page, 'the unknown market', (widget) => widget.error !== '');
    expect(state.error).toBe('This market does not exist.');
    await saveScreenshot(page, 'embed/widget-unknown-market.png');
  });

  it('made every request to the API origin and nowhere else', () => {
    const origin = new URL(kit.app.url).origin;
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(requested).toContain(`${origin}/embed/widget.js`);
    expect(requested).toContain(`${origin}/api/markets/${kit.marketId}/stream`);
    expect(requested).toContain(`${origin}/api/partners/${DEMO_PARTNER.id}`);
  });
});
