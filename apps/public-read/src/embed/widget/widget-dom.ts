/*
 * The widget's markup inside its shadow root, built with createElement and filled with textContent/setAttribute
 * only: no string from the API is ever parsed as HTML. One WidgetDom per element; render* methods update in place.
 */
import { formatProbability, formatVolume, probabilityWidth } from './format.js';
import { historyLabel, type MarketView } from './market-view.js';
import { areaPath, linePath, sparklinePoints, type SparklineBox } from './sparkline.js';

const SVG = 'http://www.w3.org/2000/svg';
export const SPARK_BOX: SparklineBox = { width: 300, height: 48, padding: 3 };

/** What the connection badge says: the stream is being opened, delivers, or dropped (data may be old). */
export type ConnectionState = 'connecting' | 'live' | 'stale';
const CONNECTION_TEXT: Record<ConnectionState, string> = { connecting: 'Connecting…', live: 'Live', stale: 'Stale' };
const CONNECTION_TITLE: Record<ConnectionState, string> = {
  connecting: 'Opening the live price stream',
  live: 'Prices update live',
  stale: 'Live updates interrupted: prices may be out of date; reconnecting',
};
const STATUS_TEXT: Record<string, string> = { FROZEN: 'Paused', RESOLVED: 'Resolved', CANCELLED: 'Cancelled' };

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function svg(tag: string, attributes: Record<string, string>): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export interface WidgetDom {
  card: HTMLElement;
  renderMarket(view: MarketView): void;
  renderHistory(history: readonly number[], outcomeLabel: string): void;
  setConnection(state: ConnectionState): void;
  setAccent(colour: string | null): void;
  /** A message instead of the market (unknown market, no market-id); null clears it. */
  setError(message: string | null): void;
}

export function createWidgetDom(root: ShadowRoot): WidgetDom {
  const card = element('div', 'card', {
    part: 'card',
    role: 'group',
    'aria-labelledby': 'question',
    'aria-busy': 'true',
  });
  const head = element('div', 'head');
  const brand = element('span', 'brand');
  brand.textContent = 'Foretell';
  const badges = element('span', 'badges');
  const status = element('span', 'status');
  const connection = element('span', 'conn', { role: 'status', 'data-state': 'connecting' });
  badges.append(status, connection);
  head.append(brand, badges);
  const question = element('p', 'question', { id: 'question' });
  const outcomes = element('ul', 'outcomes', { 'aria-label': 'Outcome probabilities' });
  const { width, height } = SPARK_BOX;
  const spark = svg('svg', {
    class: 'spark',
    role: 'img',
    viewBox: `0 0 ${width} ${height}`,
    preserveAspectRatio: 'none',
  });
  const area = svg('path', { class: 'area', d: '' });
  const line = svg('path', { class: 'line', d: '' });
  spark.append(area, line);
  const foot = element('div', 'foot');
  const volume = element('span', 'volume');
  foot.append(volume);
  const error = element('p', 'error', { role: 'alert' });
  card.append(head, question, outcomes, spark, foot, error);
  root.append(card);

  const setConnection = (state: ConnectionState): void => {
    connection.dataset.state = state;
    connection.textContent = CONNECTION_TEXT[state];
    connection.title = CONNECTION_TITLE[state];
  };
  setConnection('connecting');

  const rows: Array<{ label: HTMLElement; pct: HTMLElement; fill: HTMLElement; item: HTMLElement }> = [];
  const ensureRows = (count: number): void => {
    while (rows.length > count) rows.pop()?.item.remove();
    while (rows.length < count) {
      const item = element('li', 'outcome');
      const label = element('span', 'label');
      const pct = element('span', 'pct');
      const bar = element('span', 'bar', { 'aria-hidden': 'true' });
      const fill = element('span', 'fill');
      bar.append(fill);
      item.append(label, pct, bar);
      outcomes.append(item);
      rows.push({ label, pct, fill, item });
    }
  };

  return {
    card,
    renderMarket(view) {
      card.removeAttribute('aria-busy');
      question.textContent = view.question;
      ensureRows(view.outcomes.length);
      view.outcomes.forEach((outcome, index) => {
        const row = rows[index];
        if (!row) return;
        row.label.textContent = outcome.label;
        row.pct.textContent = formatProbability(outcome.probability);
        row.fill.style.width = `${probabilityWidth(outcome.probability)}%`;
      });
      const volumeText = formatVolume(view.totalVolume);
      volume.textContent = `${volumeText} volume`;
      volume.setAttribute('aria-label', `Volume ${volumeText}`);
      status.textContent = STATUS_TEXT[view.status] ?? '';
    },
    renderHistory(history, outcomeLabel) {
      const points = sparklinePoints(history, SPARK_BOX);
      line.setAttribute('d', linePath(points));
      area.setAttribute('d', history.length > 1 ? areaPath(points, SPARK_BOX) : '');
      spark.setAttribute('aria-label', historyLabel(outcomeLabel, history, formatProbability));
    },
    setConnection,
    setAccent(colour) {
      if (colour) card.style.setProperty('--accent', colour);
      else card.style.removeProperty('--accent');
    },
    setError(message) {
      error.textContent = message ?? '';
      // Without a market there is no connection, history or volume to show.
      card.toggleAttribute('data-failed', message !== null);
      if (message) card.removeAttribute('aria-busy');
    },
  };
}
