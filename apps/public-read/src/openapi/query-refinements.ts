/*
 * The query rules JSON Schema cannot state, beside the document that states the rest: the quote amount's bounds
 * (a positive integer below 2^256, worded by which bound it misses) and the list's `thread_id` alias.
 */
import { QUOTE_AMOUNT_LIMIT } from '#shared/domain/quote-rules.js';
import type { ParameterRefinement } from '../http/query-problems.js';

const AMOUNT_FORM = /^\d{1,78}$/;
const amountMessage = 'must be a positive integer string in atomic units (buy: USDC atomic-6, sell: tokens WAD-18)';

/** GET /api/markets/{id}/quote `amount`: digits, above zero, below 2^256. */
export function quoteAmountProblem(raw: string): string | undefined {
  if (!AMOUNT_FORM.test(raw)) return amountMessage;
  const amount = BigInt(raw);
  if (amount <= 0n) return 'must be greater than zero';
  if (amount >= QUOTE_AMOUNT_LIMIT) return 'must be below 2^256';
  return undefined;
}

/** operationId → parameter → its rule beyond the schema. */
export const parameterRefinements: Readonly<Record<string, Readonly<Record<string, ParameterRefinement>>>> = {
  getMarketQuote: { amount: quoteAmountProblem },
};

/** GET /api/markets: `thread_id` is an alias of `threadId`; both given, they must agree. */
function threadIdAliasProblems(raw: Readonly<Record<string, unknown>>): Array<[string, string]> {
  const { threadId, thread_id: alias } = raw;
  if (typeof threadId !== 'string' || typeof alias !== 'string' || threadId === alias) return [];
  return [['thread_id', '"thread_id" must equal threadId when both are given']];
}

/** operationId → the problems of its rules across parameters (reported after every other problem). */
export const crossParameterProblems: Readonly<
  Record<string, (raw: Readonly<Record<string, unknown>>) => Array<[string, string]>>
> = {
  listMarkets: threadIdAliasProblems,
};
