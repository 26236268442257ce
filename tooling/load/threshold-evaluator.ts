/*
 * Evaluates k6 threshold expressions (`p(95)<300`, `rate<0.01`, `count==0`, `value<64`, `avg<=100`) against a
 * metric's values, as k6 does for the same strings in the scenario definitions.
 */

export interface ThresholdVerdict {
  ok: boolean;
  /** The value the expression was judged on; null when the metric had no samples for it. */
  actual: number | null;
}

const EXPRESSION =
  /^\s*(avg|min|med|max|count|rate|value|p\(\d+(?:\.\d+)?\))\s*(<=|>=|==|!=|<|>|===)\s*(-?\d+(?:\.\d+)?)\s*$/;

const OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;

export interface ParsedThreshold {
  aggregation: string;
  operator: (typeof OPERATORS)[number];
  bound: number;
}

export function parseThreshold(expression: string): ParsedThreshold {
  const [, aggregation, written, bound] = EXPRESSION.exec(expression) ?? [];
  const operator = OPERATORS.find((candidate) => candidate === (written === '===' ? '==' : written));
  if (aggregation === undefined || operator === undefined) {
    throw new Error(`"${expression}" is not a threshold expression such as p(95)<300 or rate<0.01`);
  }
  return { aggregation, operator, bound: Number(bound) };
}

function compare(actual: number, operator: ParsedThreshold['operator'], bound: number): boolean {
  switch (operator) {
    case '<':
      return actual < bound;
    case '<=':
      return actual <= bound;
    case '>':
      return actual > bound;
    case '>=':
      return actual >= bound;
    case '==':
      return actual === bound;
    case '!=':
      return actual !== bound;
  }
}

/**
 * The verdict of one expression on a metric's values. A count of a metric with no samples is 0; any other
 * aggregation of no samples has nothing to judge and passes (actual null), as a trend that saw no traffic.
 */
export function evaluateThreshold(expression: string, values: Readonly<Record<string, number>>): ThresholdVerdict {
  const { aggregation, operator, bound } = parseThreshold(expression);
  const actual = values[aggregation] ?? (aggregation === 'count' ? 0 : undefined);
  if (actual === undefined) return { ok: true, actual: null };
  return { ok: compare(actual, operator, bound), actual };
}

/** `http_req_duration{target:api,name:x}` → the metric name and its tag filter. */
export function parseMetricKey(key: string): { metric: string; tags: Record<string, string> } {
  const open = key.indexOf('{');
  if (open < 0) return { metric: key, tags: {} };
  const tags: Record<string, string> = {};
  for (const pair of key.slice(open + 1, key.lastIndexOf('}')).split(',')) {
    const colon = pair.indexOf(':');
    if (colon > 0) tags[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return { metric: key.slice(0, open), tags };
}
