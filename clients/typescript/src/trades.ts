/*
 * `client.trades`: creation that cannot double-trade (an Idempotency-Key made once per create() and kept across its
 * retries), cursor iteration, confirmation, traces, and waitFor() on the contract's waiting read
 * (`Prefer: wait=N` with `If-None-Match`: the server answers as soon as the trade changes).
 */
import { randomUUID } from 'node:crypto';
import { unwrap, type Schemas, type TradingApi } from './api-call.js';
import { apiErrorOf, ForetellTimeoutError, withIdempotencyKey } from './errors.js';
import { sleep } from './retry-policy.js';
import type { operations } from './generated/trading-api.js';
import { iterateCursor } from './pagination.js';

export type Trade = Schemas['Trade'];
export type TradeStatus = Schemas['TradeStatus'];
export type CreateTradeRequest = Schemas['CreateTradeRequest'];
export type TradeListQuery = Omit<NonNullable<operations['listTrades']['parameters']['query']>, 'cursor'>;

export interface CreatedTrade {
  trade: Trade;
  /** The one-time confirmation of a high-value trade (202): confirm it with `trades.confirm(id, token)`. */
  confirmation: Schemas['Confirmation'] | null;
  /** True when the server replayed an earlier request instead of trading again. */
  idempotent: boolean;
  /**
   * The key sent (yours or the generated one): reuse it to retry this very trade later. When create() throws, the
   * error carries it too (`idempotencyKeyOf(error)`): the trade may have been made, and only this key retries it
   * without trading twice.
   */
  idempotencyKey: string;
}

/** One item's answer in a batch: `trade` for 200/201/202 (`confirmation` on 202), else `error`, its problem. */
export type TradeBatchResult = Schemas['TradeBatchResult'];

export interface CreatedTradeBatch {
  /** One per item, in the order sent. */
  results: TradeBatchResult[];
  /** True when the server replayed an earlier batch sent with the same key. */
  idempotent: boolean;
  idempotencyKey: string;
}

export interface CreateTradeOptions {
  /** Default: a random UUID made for this call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface WaitForOptions {
  /** Give up after this long (default 2 minutes): ForetellTimeoutError. */
  timeoutMs?: number;
  /** The condition to wait for (default: a terminal status, completed, failed or rejected). */
  until?: (trade: Trade) => boolean;
  signal?: AbortSignal;
}

const TERMINAL: ReadonlySet<TradeStatus> = new Set(['completed', 'failed', 'rejected']);
/** The server caps a wait at 30 s. */
const MAX_WAIT_SECONDS = 30;
/** A waiting read answered 304 sooner than this did not wait (every wait asked for is at least 1 s). */
const EARLY_ANSWER_MS = 500;
const pauseAfterEarlyAnswerMs = () => 500 + Math.round(Math.random() * 1_000);

export const isTerminalTrade = (trade: Trade): boolean => TERMINAL.has(trade.status);

export function createTradesApi(api: TradingApi) {
  const get = async (id: string, signal?: AbortSignal): Promise<Trade> =>
    (await unwrap(api.GET('/trades/{id}', { params: { path: { id } }, signal }))).trade;

  return {
    async create(body: CreateTradeRequest, options: CreateTradeOptions = {}): Promise<CreatedTrade> {
      const idempotencyKey = options.idempotencyKey ?? randomUUID();
      const envelope = await unwrap(
        api.POST('/trades', {
          body,
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          signal: options.signal,
        }),
      ).catch(withIdempotencyKey(idempotencyKey));
      const confirmation = 'confirmation' in envelope ? envelope.confirmation : null;
      return { trade: envelope.trade, confirmation, idempotent: envelope._meta.idempotent, idempotencyKey };
    },

    /**
     * Creates up to 20 trades in one request, each checked as `create` would check it; a refused item is answered in
     * its result, not thrown. One Idempotency-Key (made once, kept across retries) covers the whole batch.
     */
    async batch(trades: CreateTradeRequest[], options: CreateTradeOptions = {}): Promise<CreatedTradeBatch> {
      const idempotencyKey = options.idempotencyKey ?? randomUUID();
      const envelope = await unwrap(
        api.POST('/trades/batch', {
          body: { trades },
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          signal: options.signal,
        }),
      ).catch(withIdempotencyKey(idempotencyKey));
      return { results: envelope.results, idempotent: envelope._meta.idempotent, idempotencyKey };
    },

    get,

    /** Every trade matching `query`, newest first, across pages. */
    list: (query: TradeListQuery = {}) =>
      iterateCursor((cursor) => unwrap(api.GET('/trades', { params: { query: { ...query, cursor } } }))),

    /** Confirms a high-value trade with its one-time token (not idempotent: not retried on network errors). */
    async confirm(id: string, token: string): Promise<Trade> {
      const answer = await unwrap(api.POST('/trades/{id}/confirm', { params: { path: { id } }, body: { token } }));
      return answer.trade;
    },
    /** Cancels a trade not sent yet (now `rejected`, TRADE_CANCELLED); 409 TRADE_NOT_CANCELLABLE once it was taken. */
    async cancel(id: string): Promise<Trade> {
      return (await unwrap(api.POST('/trades/{id}/cancel', { params: { path: { id } } }))).trade;
    },

    async trace(correlationId: string): Promise<Schemas['Trace']> {
      return (await unwrap(api.GET('/traces/{correlationId}', { params: { path: { correlationId } } }))).trace;
    },

    /** Resolves with the trade once `until` holds (default: a terminal status), without polling. */
    async waitFor(id: string, options: WaitForOptions = {}): Promise<Trade> {
      const until = options.until ?? isTerminalTrade;
      const deadline = Date.now() + (options.timeoutMs ?? 120_000);
      let trade: Trade | undefined;
      let etag: string | undefined;
      for (;;) {
        const remainingMs = deadline - Date.now();
        if (trade && until(trade)) return trade;
        if (remainingMs <= 0) throw new ForetellTimeoutError(`trade ${id} did not reach the awaited state`, trade);
        const header: { 'If-None-Match'?: string; Prefer?: string } = {};
        if (etag !== undefined) {
          header['If-None-Match'] = etag;
          header.Prefer = `wait=${Math.min(MAX_WAIT_SECONDS, Math.max(1, Math.floor(remainingMs / 1000)))}`;
        }
        const asked = Date.now();
        const { data, error, response } = await api.GET('/trades/{id}', {
          params: { path: { id }, header },
          signal: options.signal,
        });
        if (response.status === 304) {
          // A 304 long before the wait asked for is a server that cannot wait now (a replica draining, say): pause
          // about a second instead of asking again at once, so the loop never spins on the read limit.
          if (Date.now() - asked < EARLY_ANSWER_MS)
            await sleep(Math.min(pauseAfterEarlyAnswerMs(), remainingMs), options.signal);
          continue;
        }
        if (!response.ok || data === undefined) throw apiErrorOf(response, error);
        trade = data.trade;
        etag = response.headers.get('etag') ?? undefined;
      }
    },
  };
}

export type TradesApi = ReturnType<typeof createTradesApi>;
