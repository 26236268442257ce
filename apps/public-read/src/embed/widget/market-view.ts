/*
 * What the widget shows, read defensively from the public API's JSON (GET /api/markets/{id}?history=true and the
 * market stream's `snapshot` / `update` events, which carry `{ market }` as the detail endpoint shows it). Anything
 * missing or of the wrong type becomes a placeholder instead of an exception; strings are only ever put into the page
 * as text.
 */

export interface OutcomeView {
  label: string;
  /** 0..1, or null before the indexer has seen the market. */
  probability: number | null;
}

export interface MarketView {
  id: string;
  question: string;
  outcomes: OutcomeView[];
  /** Cents (the API's `totalVolume`). */
  totalVolume: number | null;
  /** The detail's stored form: OPEN, FROZEN, RESOLVED, CANCELLED. */
  status: string;
}

type Json = Record<string, unknown>;

/** An object read member by member (the API's bodies as the widget receives them). */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

function outcomesOf(market: Json): OutcomeView[] {
  if (Array.isArray(market.outcomes) && market.outcomes.length > 0) {
    return market.outcomes.map((outcome: unknown, index) => {
      const item = isObject(outcome) ? outcome : {};
      return { label: text(item.label, `Outcome ${index + 1}`), probability: numberOrNull(item.probability) };
    });
  }
  // A list item without outcomes: the binary YES/NO pair from `probability`.
  const probability = numberOrNull(market.probability);
  return [
    { label: 'YES', probability },
    { label: 'NO', probability: probability === null ? null : 1 - probability },
  ];
}

/** The market of a detail response or stream event (`{ market: {...} }`), or null when there is none. */
export function marketViewOf(body: unknown): MarketView | null {
  const market = isObject(body) ? body.market : undefined;
  if (!isObject(market) || typeof market.id !== 'string') return null;
  return {
    id: market.id,
    question: text(market.question, ''),
    outcomes: outcomesOf(market),
    totalVolume: numberOrNull(market.totalVolume),
    status: text(market.status, 'OPEN'),
  };
}

/** The first outcome's probabilities of a detail response's `priceHistory` (oldest first); [] without history. */
export function historyOf(body: unknown): number[] {
  if (!isObject(body) || !Array.isArray(body.priceHistory)) return [];
  return body.priceHistory.flatMap((point: unknown) => {
    const probability = isObject(point) ? numberOrNull(point.probability) : null;
    return probability === null ? [] : [probability];
  });
}

/** The history after a live state: its first outcome's probability appended when it moved, at most `max` kept. */
export function extendHistory(history: readonly number[], view: MarketView, max = 100): number[] {
  const latest = view.outcomes[0]?.probability;
  if (latest === null || latest === undefined || history[history.length - 1] === latest) return [...history];
  return [...history, latest].slice(-max);
}

/** The words a screen reader hears for the sparkline: its outcome, first and last value and the number of points. */
export function historyLabel(outcome: string, history: readonly number[], format: (value: number) => string): string {
  const [first, last] = [history[0], history[history.length - 1]];
  if (first === undefined || last === undefined) return `${outcome}: no price history yet`;
  return `${outcome} probability history: from ${format(first)} to ${format(last)} over ${history.length} points`;
}
