/* The typed openapi-fetch client of the trading API, and the one rule for its answers: 2xx data or a typed error. */
import type { Client } from 'openapi-fetch';
import { apiErrorOf } from './errors.js';
import type { components, paths } from './generated/trading-api.js';

export type TradingApi = Client<paths>;
export type Schemas = components['schemas'];

/** The body of a successful answer; anything else throws ForetellApiError with the problem body. */
export async function unwrap<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok || data === undefined) throw apiErrorOf(response, error);
  return data;
}
