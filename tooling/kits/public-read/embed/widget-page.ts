/* Test-only: what the first <foretell-market> of a page shows, read from its shadow root in the browser. */
import type { Page } from 'puppeteer-core';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';

export interface WidgetState {
  question: string;
  /** [label, percentage text] per outcome. */
  outcomes: Array<[string, string]>;
  volume: string;
  /** The connection badge: connecting, live or stale, and its text. */
  connection: string;
  connectionText: string;
  /** The sparkline's path data and its accessible label. */
  sparkline: string;
  sparklineLabel: string;
  error: string;
  /** Computed colours of the card: its accent border and its background. */
  accent: string;
  background: string;
  /** Elements that API strings could have smuggled in. */
  injected: number;
}

// A string, so that it runs in the page as written (the Node-side TypeScript has no DOM types).
const READ_WIDGET = `(() => {
  const root = document.querySelector('foretell-market')?.shadowRoot;
  if (!root) return null;
  const text = (selector) => root.querySelector(selector)?.textContent ?? '';
  const card = root.querySelector('.card');
  const connection = root.querySelector('.conn');
  return {
    question: text('.question'),
    outcomes: [...root.querySelectorAll('.outcome')].map((item) => [
      item.querySelector('.label').textContent,
      item.querySelector('.pct').textContent,
    ]),
    volume: text('.volume'),
    connection: connection?.dataset.state ?? '',
    connectionText: connection?.textContent ?? '',
    sparkline: root.querySelector('.line')?.getAttribute('d') ?? '',
    sparklineLabel: root.querySelector('.spark')?.getAttribute('aria-label') ?? '',
    error: text('.error'),
    accent: getComputedStyle(card).borderTopColor,
    background: getComputedStyle(card).backgroundColor,
    injected: root.querySelectorAll('img, script, iframe, [onerror], [onclick]').length,
  };
})()`;

export async function readWidget(page: Page): Promise<WidgetState | null> {
  return (await page.evaluate(READ_WIDGET)) as WidgetState | null;
}

/** Resolves with the widget's state once `accept` holds (fails after `timeoutMs`, naming `what`). */
export async function waitForWidget(
  page: Page,
  what: string,
  accept: (state: WidgetState) => boolean,
  timeoutMs = 20_000,
): Promise<WidgetState> {
  let latest: WidgetState | null = null;
  const probe = async (): Promise<WidgetState | null> => {
    latest = await readWidget(page);
    return latest && accept(latest) ? latest : null;
  };
  return waitFor(`the widget to show ${what}`, probe, { timeoutMs, intervalMs: 100 }).catch((error: unknown) => {
    throw new Error(`${String(error)}; its last state: ${JSON.stringify(latest)}`);
  });
}

/** The number of points of a sparkline's path data (`M x,y L x,y …`). */
export const pointsOf = (path: string): number => (path.match(/[ML]/g) ?? []).length;
