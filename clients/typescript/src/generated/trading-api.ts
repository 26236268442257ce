/*
 * Generated from apps/trading-api/openapi/*.yaml by `npm run generate:contract-types` (openapi-typescript). Do not edit.
 */
export interface paths {
  '/events/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Stream the calling key's trade events (Server-Sent Events)
     * @description Every lifecycle event of the calling key, whether or not it has a webhook URL, as Server-Sent Events: the
     *     same envelopes and `evt_` ids as the webhooks (`event:` is the event type, `data:` the envelope JSON) and
     *     `id:` the key's event sequence number, which only grows. The stream starts with a `retry:` hint; a comment
     *     (`: keep-alive`) comes every 15 s.
     *
     *     **Resuming.** Reconnect with `Last-Event-ID: <last id you processed>` (an `EventSource` does this itself)
     *     or `?after=<id>`: the events after it are replayed from the database, then the stream goes live, with no
     *     gap and no duplicate, also when events happen during the replay. Without either, the stream starts with
     *     the next event.
     *
     *     **Filters.** `types` and `marketId` choose what is sent; the others are skipped (resuming after a sent id
     *     skips them again).
     *
     *     **Limits.** The opening response carries the rate-limit headers and counts as one read. At most
     *     `STREAM_MAX_PER_USER` (default 20) streams per user are open at once across replicas; beyond it the opening
     *     answers 429 `RATE_LIMIT_EXCEEDED` (`extensions.limit: open-streams`) with `Retry-After` until the oldest of
     *     the user's stream leases would lapse (at most 45 s; closing one of your streams frees a slot at once). A
     *     client that stops reading is disconnected once its bounded buffer has been full for a few seconds. The
     *     server ends a stream with a final `stream.error` event (data `{code, detail}`) when the key is revoked
     *     (`API_KEY_REVOKED`) or expires (`API_KEY_EXPIRED`) — within 5 s —, when the route is switched off
     *     (`ROUTE_DISABLED`), and with a short `retry:` when the replica shuts down (`SERVICE_SHUTTING_DOWN`):
     *     reconnect with `Last-Event-ID` and nothing is lost.
     *
     *     **Examples.** From a shell (`-N` turns off curl's buffering), resuming after event 41:
     *
     *     ```sh
     *     curl -N -H "X-API-Key: $FORETELL_KEY" -H 'Last-Event-ID: 41' \
     *       'https://api.foretell.example/v1/events/stream?types=trade.completed,trade.failed'
     *     ```
     *
     *     **In a browser.** This stream takes the key only in `X-API-Key`: there is no query-string key, cookie or
     *     bearer token, and a browser `EventSource` cannot send headers, so `new EventSource('/v1/events/stream')`
     *     is answered 401 `API_KEY_MISSING`. Read it with `fetch`, which can send the header and streams the body.
     *     `/v1` sends no CORS headers, so this runs only on the API's own origin; usually that is a path of your
     *     backend that forwards to `/v1/events/stream` and adds the key there, so the key never reaches the page.
     *     `fetch` does not reconnect by itself: keep the last `id` and send it back as `Last-Event-ID`.
     *
     *     ```js
     *     let lastId; // the id of the last event handled; persist it to resume after a reload
     *     // Reads the stream until it ends; resolves with the seconds to wait before resuming, or null to stop.
     *     async function readEvents(key, handle) {
     *       const headers = { 'X-API-Key': key, Accept: 'text/event-stream' };
     *       if (lastId) headers['Last-Event-ID'] = lastId;
     *       const response = await fetch('/v1/events/stream?types=trade.completed,trade.failed', { headers });
     *       if (!response.ok) {
     *         const retryable = response.status === 429 || response.status >= 500;
     *         return retryable ? Number(response.headers.get('Retry-After') ?? 5) : null;
     *       }
     *       const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
     *       let buffer = '';
     *       for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
     *         buffer += chunk.value;
     *         for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
     *           const fields = {}; // id, event, data (a frame without data is the `retry:` hint or a comment)
     *           for (const line of buffer.slice(0, end).split('\n')) {
     *             const colon = line.indexOf(':');
     *             if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
     *           }
     *           buffer = buffer.slice(end + 2);
     *           if (fields.event === 'stream.error') {
     *             const { code } = JSON.parse(fields.data); // revoked or expired: stop; otherwise come back
     *             return code === 'API_KEY_REVOKED' || code === 'API_KEY_EXPIRED' ? null : 1;
     *           }
     *           if (fields.data === undefined) continue;
     *           handle(fields.event, JSON.parse(fields.data));
     *           lastId = fields.id;
     *         }
     *       }
     *       return 2; // the connection dropped
     *     }
     *     const show = (type, envelope) => console.log(type, envelope.data.tradeId);
     *     for (let wait = 0; wait !== null; wait = await readEvents(key, show).catch(() => 2)) {
     *       await new Promise((resolve) => setTimeout(resolve, wait * 1000)); // then resume after lastId
     *     }
     *     ```
     *
     *     From Node, `@foretell/client`'s `events.stream()` does the same with reconnection and backoff built in.
     *     `EventSource` itself fits the public market stream of the read API, which needs no key and allows any
     *     origin:
     *
     *     ```js
     *     const market = new EventSource(`${publicReadUrl}/api/markets/${marketId}/stream`);
     *     market.addEventListener('snapshot', (message) => render(JSON.parse(message.data).market));
     *     market.addEventListener('update', (message) => render(JSON.parse(message.data).market));
     *     ```
     *
     *     Keep the last `id` you processed (it only grows) and pass it back after a restart: events are never
     *     skipped, and each `evt_` id arrives once per stream (dedupe on it across streams and webhooks).
     */
    get: operations['streamEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness of MySQL, Redis, RabbitMQ and the chain RPC */
    get: operations['getReady'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This OpenAPI 3.1 description (with the `webhooks` section) */
    get: operations['getOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Interactive API reference (HTML)
     * @description Served from this origin only (no CDN, no calls to validator.swagger.io).
     */
    get: operations['getApiReference'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/errors/{code}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Documentation page of one error code (the problem `type` URL) */
    get: operations['getErrorDocumentation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/markets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List markets
     * @description Newest first, keyset-paginated on (created_at, id): rows inserted during a walk never cause duplicates or skips. Default limit 20, at most 100. Status filter forms: active (default, OPEN), paused (FROZEN), resolved (RESOLVED), cancelled and refunded (CANCELLED), all.
     */
    get: operations['listMarkets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/markets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a market */
    get: operations['getMarket'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/markets/{id}/quote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Quote a buy or sell on-chain
     * @description Reads the market contract's quoteBuy/quoteSell views (buy `amount`: USDC atomic-6; sell: tokens WAD-18); cacheable 10 s (`Cache-Control: public, max-age=10`). An outcomeIndex beyond the market's outcomes, or an amount the pool refuses, is a 400 VALIDATION_FAILED; an unknown market 404 RESOURCE_NOT_FOUND; a market without a contract on this chain 422 MARKET_NOT_TRADEABLE; an unreachable chain 503 DEPENDENCY_UNAVAILABLE.
     */
    get: operations['getMarketQuote'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/markets/{id}/predictions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Recent trades against a market
     * @description Trades seen on the market contract (indexed from the chain), newest first, keyset-paginated on (block time, id). Default limit 50, at most 100.
     */
    get: operations['listMarketPredictions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/markets/{id}/candles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Candles of an outcome's probability
     * @description Open, high, low and close of one outcome's probability per interval, from the market's indexed trades, oldest first. Intervals are aligned to the Unix epoch in UTC (`1d` starts at 00:00 UTC). An interval opens at the previous close (the first interval with a trade opens at that trade's price when the market had none before) and its high and low include the open; one without a trade carries the previous close with volume 0. Every trade on the market moves every outcome's price, so `volume` (USDC atomic-6) and `tradeCount` count all of the market's trades in the interval. Served from the first interval with a trade (or `from`) to the interval holding `to` (default now), at most `limit` intervals a page (default 100, at most 100); follow `pagination.cursor` for the next.
     */
    get: operations['listMarketCandles'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/portfolio': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Smart account and position summary
     * @description The user's smart account, its USDC balance (atomic-6, read on-chain), the number of open positions and their summed cost basis (USDC net spent: buys minus sells, per position never below 0, from the account's indexed trades). A user without a smart account gets a null address and zeros. 503 DEPENDENCY_UNAVAILABLE when the chain cannot be read.
     */
    get: operations['getPortfolio'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/portfolio/positions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Per-market position detail (not paginated)
     * @description One entry per (market, outcome) the smart account holds tokens of (shares read on-chain, WAD-18) among the markets it traded, but for the tokens of a resolved market that pay nothing (closed by the resolution as a sale at 0: their cost is in the portfolio's `totalRealizedPnl`), with cost basis, trade count and first/last trade times from its indexed trades; ordered by market id, outcome. Optional `marketId` narrows to one market.
     */
    get: operations['listPortfolioPositions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/redemptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Claim a settled position
     * @description Claims the caller's settled position of one outcome: a winning outcome of a resolved market, or any outcome of a cancelled market (refund at the snapshot prices). The whole balance held by the caller's smart account is redeemed asynchronously by the chain executor and paid in USDC to that account; observe the result with `GET /v1/portfolio` (no webhook event exists for redemptions).
     *
     *     One open claim (`pending` or `executing`) exists per (user, market, outcome): a new claim answers 201; a duplicate while the claim is open answers 200 with that claim and `_meta.idempotent: true`, also under concurrent requests. Once a claim has settled, a new request is a new claim.
     *
     *     Errors: 404 `RESOURCE_NOT_FOUND` (unknown market); 400 `VALIDATION_FAILED` (`outcomeIndex` beyond the market's outcomes); 409 `POSITION_NOT_CLAIMABLE` when nothing can be claimed now, with `extensions.reason` one of `not_settled` (market open or frozen), `losing_outcome`, `nothing_held`, `no_smart_account`, `not_on_chain`; 404 `REDEMPTIONS_NOT_ENABLED` when self-service redemption is off on this deployment (winnings are then paid automatically); 503 `DEPENDENCY_UNAVAILABLE` when the chain cannot be read.
     */
    post: operations['createRedemption'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/trades': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the callers trades */
    get: operations['listTrades'];
    put?: never;
    /**
     * Create a trade
     * @description 201 below the keys high-value threshold; 202 with a one-time confirmation token at or above it. Conflicts: SPENDING_LIMIT_EXCEEDED (`extensions.cap` per_trade | daily_volume), INSUFFICIENT_BALANCE, IDEMPOTENCY_KEY_CONFLICT. 404 RESOURCE_NOT_FOUND for an unknown marketId. 422 MARKET_NOT_TRADEABLE.
     */
    post: operations['createTrade'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/trades/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a trade
     * @description A waiting read follows a trade without polling: send `If-None-Match` with the ETag you hold and
     *     `Prefer: wait=N` (RFC 7240, N ≤ 30 seconds). The answer comes as soon as the trade changes (200 with the new
     *     ETag) or when the wait ends unchanged (304); both carry `Preference-Applied: wait=N`.
     */
    get: operations['getTrade'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/trades/{id}/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm a high-value trade
     * @description Conflicts: TRADE_NOT_AWAITING_CONFIRMATION, CONFIRMATION_TOKEN_INVALID, CONFIRMATION_TOKEN_USED, CONFIRMATION_EXPIRED (all 409).
     */
    post: operations['confirmTrade'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/trades/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create up to 20 trades at once
     * @description 1 to 20 create-trade bodies, each checked and created exactly as `POST /v1/trades` would (its own caps, confirmation threshold, `limitPrice`, `expiresAt` and `clientRequestId` replay), in order, each seeing the trades before it. Answered 200 with one result per item, in order: `status` 201, 202 (with its one-time `confirmation`) or 200 (a replayed high-value trade past its confirmation) and the `trade`, or the item's 4xx `status` and its problem as `error`. A failure of the batch itself (an invalid envelope, 401/403/429, a dependency down) answers as any request, and then no item was created. The trades are written in one transaction and reach the executor together. Each item draws one token from the trade bucket (a batch of 20 needs 20; if the bucket holds fewer, 429 and nothing is drawn). An `Idempotency-Key` covers the whole batch: a replay answers every item as first answered (trades in their current state, `idempotent` true); another batch under the key is 409 `IDEMPOTENCY_KEY_CONFLICT`. `X-Service-Simulate` is not read here. Switching `POST /v1/trades` off (`ROUTE_DISABLED`) switches this route off too. The body may be up to 1,280 KiB (20 items of the single route's 64 KiB); a larger one is 413 `PAYLOAD_TOO_LARGE`.
     */
    post: operations['createTradeBatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/trades/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a trade not yet sent
     * @description A trade still `pending_confirmation` or `pending` becomes `rejected` with `errorCode` `TRADE_CANCELLED` (a `trade.rejected` event and trace step, and its webhook). The race with the executor is exact: either the cancel wins and nothing is ever sent, or the executor has taken the trade and the cancel answers 409 `TRADE_NOT_CANCELLABLE` with the trade's `extensions.status`. Cancelling a cancelled trade again answers 200 with the same trade. No body. Token bucket like confirm.
     */
    post: operations['cancelTrade'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/traces/{correlationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Timeline of a trades events */
    get: operations['getTrace'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List webhook deliveries of the calling key */
    get: operations['listWebhookEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/events/{id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Enqueue another delivery attempt
     * @description One more delivery attempt of the calling key's event: a delivered or terminally failed event gets one attempt (a failure returns it to `failed`), an event still being retried stops waiting for its next scheduled attempt. At most 5 manual redeliveries per event (then 429 WEBHOOK_REPLAY_LIMIT_REACHED). Another key's event or an unknown id: 404. 409 WEBHOOK_NOT_CONFIGURED when the key has no webhook URL or the event was recorded without one. Not idempotent.
     */
    post: operations['redeliverWebhookEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/api-keys/me/webhook-secret/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the calling keys webhook secret
     * @description The secret it replaces stays valid 7 days (each replaced secret its own 7 days, at most two at once). 409 WEBHOOK_NOT_CONFIGURED without a webhook URL; 429 WEBHOOK_SECRET_ROTATION_COOLDOWN within 60 s of the last rotation.
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Telemetry of the calling key
     * @description Aggregates over 24h, 7d and 30d: `auth.failures` (audited authentication failures attributed to this key), `auth.rateLimitRejections` (429s of this key; counters flush every few seconds). `webhooks`: events recorded for the key's webhook URL (emitted), and of those the ones delivered and terminally failed.
     */
    get: operations['getAccountUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'trade.confirmation-required': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A high-value trade awaits confirmation (never carries the token)
     * @description A JSON body (`application/json; charset=utf-8`). Verify `X-Service-Signature` against the raw body before trusting the event (its `t` is Unix MILLISECONDS), then dedupe on `X-Service-Event-Id`. At-least-once, FIFO per API key. Any 2xx acknowledges; answer within 2 s (the delivery times out at 10 s) and drain the body. 3xx (never followed), 408, 429, 5xx, timeouts and network errors are retried with backoff for about 24 hours; other 4xx fail the delivery at once.
     */
    post: operations['onTradeConfirmationRequired'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'trade.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The trade executed on-chain
     * @description A JSON body (`application/json; charset=utf-8`). Verify `X-Service-Signature` against the raw body before trusting the event (its `t` is Unix MILLISECONDS), then dedupe on `X-Service-Event-Id`. At-least-once, FIFO per API key. Any 2xx acknowledges; answer within 2 s (the delivery times out at 10 s) and drain the body. 3xx (never followed), 408, 429, 5xx, timeouts and network errors are retried with backoff for about 24 hours; other 4xx fail the delivery at once.
     */
    post: operations['onTradeCompleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'trade.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Terminal failure (validation, revert, timeout, expired confirmation)
     * @description A JSON body (`application/json; charset=utf-8`). Verify `X-Service-Signature` against the raw body before trusting the event (its `t` is Unix MILLISECONDS), then dedupe on `X-Service-Event-Id`. At-least-once, FIFO per API key. Any 2xx acknowledges; answer within 2 s (the delivery times out at 10 s) and drain the body. 3xx (never followed), 408, 429, 5xx, timeouts and network errors are retried with backoff for about 24 hours; other 4xx fail the delivery at once.
     */
    post: operations['onTradeFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'trade.rejected': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A trade refused before execution: cancelled by the client (`TRADE_CANCELLED`, also while it awaited confirmation) or refused by policy (key revoked or expired, processing halted, operator)
     * @description A JSON body (`application/json; charset=utf-8`). Verify `X-Service-Signature` against the raw body before trusting the event (its `t` is Unix MILLISECONDS), then dedupe on `X-Service-Event-Id`. At-least-once, FIFO per API key. Any 2xx acknowledges; answer within 2 s (the delivery times out at 10 s) and drain the body. 3xx (never followed), 408, 429, 5xx, timeouts and network errors are retried with backoff for about 24 hours; other 4xx fail the delivery at once.
     */
    post: operations['onTradeRejected'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    Portfolio: {
      smartAccountAddress: string | null;
      /** @description USDC atomic-6 held by the smart account. */
      usdcBalance: string;
      activePositions: number;
      /** @description USDC atomic-6 net spent on open positions. */
      totalCostBasis: string;
      /** @description The open positions' `value` summed (USDC atomic-6). */
      totalValue: string;
      /** @description Realized profit of every position the account traded, closed ones included. */
      totalRealizedPnl: components['schemas']['SignedUsdcAtomic'];
      /** @description The open positions' `unrealizedPnl` summed. */
      totalUnrealizedPnl: components['schemas']['SignedUsdcAtomic'];
    };
    PortfolioEnvelope: {
      portfolio: components['schemas']['Portfolio'];
      data: components['schemas']['Portfolio'];
      _meta: components['schemas']['Meta'];
    };
    /** @description One (market, outcome) the smart account holds tokens of. Profit and loss by the average-cost method over the account's indexed trades: a buy adds its tokens and the USDC paid (fee included) to the open cost; a sell takes out open cost in proportion to the tokens sold (rounded down, the remainder stays with the tokens held) and realizes its proceeds minus that cost; tokens sold beyond what the trades bought carry no cost. `value` is the shares at `markPrice` rounded down to atomic USDC; `unrealizedPnl` is `value` minus the open cost. An open or paused market is marked at the outcome's price after its latest indexed trade; a resolved or cancelled one at what redeeming the shares pays now (`markPrice` is then that payout per token). A losing outcome of a resolved market is closed by the resolution as a sale at 0 (it is not listed; its open cost counts in `totalRealizedPnl`). */
    Position: {
      marketId: components['schemas']['Uuid'];
      outcomeIndex: number;
      shares: components['schemas']['WadString'];
      /** @description USDC atomic-6. */
      costBasis: string;
      tradeCount: number;
      /** Format: date-time */
      firstTradeAt: string | null;
      /** Format: date-time */
      lastTradeAt: string | null;
      /** @description USDC per token the position is marked at (18 decimals); null before the market's first indexed price. */
      markPrice: string | null;
      /** @description USDC atomic-6 the shares are worth at `markPrice`. */
      value: string;
      /** @description USDC per token paid on average for the tokens still held (18 decimals); null when the trades leave none. */
      averagePrice: string | null;
      realizedPnl: components['schemas']['SignedUsdcAtomic'];
      unrealizedPnl: components['schemas']['SignedUsdcAtomic'];
    };
    /** @description A signed amount of USDC atomic-6. */
    SignedUsdcAtomic: string;
    PositionsEnvelope: {
      positions: components['schemas']['Position'][];
      data: components['schemas']['Position'][];
      _meta: components['schemas']['Meta'];
    };
    WebhookEvent: components['schemas']['WebhookDelivery'] & {
      id: string;
      type: string;
      apiVersion: string;
      /** Format: uuid */
      tradeId: string | null;
      createdAt: components['schemas']['DateTime'];
      lastErrorMessage: string | null;
    };
    WebhookEventList: {
      data: components['schemas']['WebhookEvent'][];
      pagination: components['schemas']['Pagination'];
      _meta: components['schemas']['Meta'];
    };
    WebhookEventEnvelope: {
      event: components['schemas']['WebhookEvent'];
      data: components['schemas']['WebhookEvent'];
      _meta: components['schemas']['WriteMeta'];
    };
    WebhookSecret: {
      secret: string;
      rotatedAt: components['schemas']['DateTime'];
      /** Format: date-time */
      previousRetainedUntil: string | null;
    };
    WebhookSecretEnvelope: {
      webhookSecret: components['schemas']['WebhookSecret'];
      data: components['schemas']['WebhookSecret'];
      _meta: components['schemas']['WriteMeta'];
    };
    RedemptionRequest: {
      marketId: components['schemas']['Uuid'];
      outcomeIndex: number;
    };
    /**
     * @description `pending` (queued for the chain executor) → `executing` (redeem sent from the smart account) → `completed` (USDC paid to the smart account) or `failed`. `pending` and `executing` are open: a claim of the same (market, outcome) returns the open claim.
     * @enum {string}
     */
    RedemptionStatus: 'pending' | 'executing' | 'completed' | 'failed';
    /** @description A claim of a settled position: the whole balance of the outcome held by the caller's smart account, paid in USDC to that account (a winning outcome of a resolved market pays its share of the reserve; a cancelled market refunds every outcome at its snapshot price). Settled asynchronously; observe the balance with `GET /v1/portfolio`. */
    Redemption: {
      id: components['schemas']['Uuid'];
      marketId: components['schemas']['Uuid'];
      outcomeIndex: number;
      status: components['schemas']['RedemptionStatus'];
      /** @description Outcome tokens redeemed, WAD-18; null until completed. */
      tokens: string | null;
      /** @description USDC atomic-6 paid to the smart account; null until completed. */
      payout: string | null;
      /** @description The redeem transaction; null until completed. */
      txHash: string | null;
      /** @description Machine-readable code of a failed claim. */
      errorCode: string | null;
      /** @description Sanitised explanation of a failed claim. */
      errorMessage: string | null;
      createdAt: components['schemas']['DateTime'];
      updatedAt: components['schemas']['DateTime'];
      /**
       * Format: date-time
       * @description When it completed or failed.
       */
      settledAt: string | null;
    };
    RedemptionEnvelope: {
      redemption: components['schemas']['Redemption'];
      data: components['schemas']['Redemption'];
      _meta: components['schemas']['WriteMeta'];
    };
    /** @description The key's trades created in the window, each counted by its status now. `failed` counts the failed and rejected ones but those the client cancelled (`TRADE_CANCELLED`), which are `cancelled` and stay out of `successRate` (completed ÷ (completed + failed)) and of the latency percentiles. */
    TradeUsage: {
      total: number;
      completed: number;
      failed: number;
      cancelled: number;
      successRate: number | null;
      latencyMs: {
        p50: number | null;
        p99: number | null;
      };
    };
    WebhookUsage: {
      emitted: number;
      delivered: number;
      failed: number;
    };
    AuthUsage: {
      failures: number;
      rateLimitRejections: number;
    };
    Usage: {
      apiKeyId: components['schemas']['Uuid'];
      generatedAt: components['schemas']['DateTime'];
      trades: {
        '24h': components['schemas']['TradeUsage'];
        '7d': components['schemas']['TradeUsage'];
        '30d': components['schemas']['TradeUsage'];
      };
      webhooks: {
        '24h': components['schemas']['WebhookUsage'];
        '7d': components['schemas']['WebhookUsage'];
        '30d': components['schemas']['WebhookUsage'];
      };
      auth: {
        '24h': components['schemas']['AuthUsage'];
        '7d': components['schemas']['AuthUsage'];
        '30d': components['schemas']['AuthUsage'];
      };
    };
    UsageEnvelope: {
      usage: components['schemas']['Usage'];
      data: components['schemas']['Usage'];
      _meta: components['schemas']['Meta'];
    };
    Health: {
      status: string;
      version?: string;
      checks?: {
        [key: string]: unknown;
      };
    };
    MarketOutcome: {
      outcomeIndex: number;
      label: string;
      /** @description Implied chance (capital share), WAD-18 integer string; null before the first index. */
      probability: string | null;
      /** @description Normalised marginal price, WAD-18 integer string. */
      price: string | null;
    };
    Market: {
      id: components['schemas']['Uuid'];
      question: string;
      description: string;
      category: string;
      tags: string[];
      status: components['schemas']['MarketStatus'];
      outcomes: components['schemas']['MarketOutcome'][];
      /** Format: uuid */
      threadId: string | null;
      /** Format: uuid */
      chapterId: string | null;
      /** Format: uuid */
      organizationId: string | null;
      /** Format: uuid */
      partnerId: string | null;
      contractAddress: string | null;
      chainId: number | null;
      /** Format: date-time */
      endTime: string | null;
      /** Format: date-time */
      resolvedAt: string | null;
      winningOutcomes: number[] | null;
      featured: boolean;
      volume: {
        /** @description USDC atomic-6 integer string. */
        totalUsdc: string;
        tradeCount: number;
        uniqueTraders: number;
      };
      createdAt: components['schemas']['DateTime'];
      updatedAt: components['schemas']['DateTime'];
    };
    MarketEnvelope: {
      market: components['schemas']['Market'];
      data: components['schemas']['Market'];
      _meta: components['schemas']['Meta'];
    };
    MarketList: {
      data: components['schemas']['Market'][];
      pagination: components['schemas']['Pagination'];
      _meta: components['schemas']['Meta'];
    };
    /** @description A trade seen on the market's contract (indexed from the chain), newest first. */
    Prediction: {
      id: components['schemas']['Uuid'];
      outcomeIndex: number;
      side: components['schemas']['TradeSide'];
      /** @description USDC atomic-6 paid (buy) or received (sell). */
      usdc: string;
      tokens: components['schemas']['WadString'];
      price: components['schemas']['WadString'];
      probabilityAfter: components['schemas']['WadString'];
      trader: string;
      txHash: string;
      occurredAt: components['schemas']['DateTime'];
    };
    PredictionList: {
      data: components['schemas']['Prediction'][];
      pagination: components['schemas']['Pagination'];
      _meta: components['schemas']['Meta'];
    };
    /** @description A probability as an exact decimal string with 18 decimals (WAD-18 written out), from 0 to 1. */
    ProbabilityDecimal: string;
    Candle: {
      start: components['schemas']['DateTime'];
      open: components['schemas']['ProbabilityDecimal'];
      high: components['schemas']['ProbabilityDecimal'];
      low: components['schemas']['ProbabilityDecimal'];
      close: components['schemas']['ProbabilityDecimal'];
      /** @description USDC atomic-6 traded on the market in the interval. */
      volume: string;
      tradeCount: number;
    };
    CandleList: {
      data: components['schemas']['Candle'][];
      pagination: components['schemas']['Pagination'];
      _meta: components['schemas']['Meta'];
    };
    /** @description Buy quotes carry `amountIn` and `tokensOut`; sell quotes `tokensIn`, `usdcOut`, `grossRelease`, `sellFeeBps`. */
    Quote: {
      outcomeIndex: number;
      /** @enum {string} */
      action: 'buy' | 'sell';
      amountIn?: string;
      tokensOut?: string;
      tokensIn?: string;
      usdcOut?: string;
      /** @description Everything the sell takes out of the reserve, R − R′ (WAD-18) — `usdcOut` plus both sell fees, which go to the treasury (`grossRelease / 1e12 − usdcOut` is the fee, rounding included). */
      grossRelease?: string;
      sellFeeBps?: number;
      reserveAfter: string;
      /** @description Curve coefficient R/N after the trade (WAD-18): preserved on buys (rounding can only raise it), strictly lower after a sell (the sell fees and the rounding leave the reserve; none is kept). */
      c: string;
      pAfter: string[];
      qAfter: string[];
      effectivePrice: number;
      impliedProbability: number | null;
    };
    QuoteMarket: {
      id: components['schemas']['Uuid'];
      contractAddress: string;
      chainId: number;
      status: string;
      outcomes: {
        outcomeIndex: number;
        label: string;
        probability: number;
      }[];
    };
    QuoteEnvelope: {
      quote: components['schemas']['Quote'];
      market: components['schemas']['QuoteMarket'];
      units: {
        /** @constant */
        usdc: 'atomic-6';
        /** @constant */
        token: 'wad-18';
      };
      _meta: components['schemas']['Meta'];
    };
    /** Format: uuid */
    Uuid: string;
    /** Format: date-time */
    DateTime: string;
    /** @description Stablecoin whole units; digits optionally followed by a dot and 1 to 6 digits. */
    DecimalAmount: string;
    /** @description Positive integer in atomic units (buy USDC atomic-6; sell tokens WAD-18). */
    AtomicAmount: string;
    /** @description Non-negative integer, WAD-18. */
    WadString: string;
    ClientRequestId: string;
    /** @description At most 10 keys of 1-64 chars from a-z A-Z 0-9 _ - .; string values of at most 500 chars. */
    Metadata: {
      [key: string]: string;
    };
    /** @enum {string} */
    TradeSide: 'buy' | 'sell';
    /** @enum {string} */
    TradeStatus: 'pending_confirmation' | 'pending' | 'validating' | 'executing' | 'completed' | 'failed' | 'rejected';
    /** @enum {string} */
    MarketStatus: 'ACTIVE' | 'PAUSED' | 'RESOLVED' | 'CANCELLED';
    /** @enum {string} */
    WebhookDeliveryStatus: 'none' | 'pending' | 'delivered' | 'retrying' | 'failed';
    /** @description `_meta` of reads. */
    Meta: {
      requestId: string;
      timestamp: components['schemas']['DateTime'];
    };
    /** @description `_meta` of writes: the read members plus `idempotent`. */
    WriteMeta: {
      requestId: string;
      timestamp: components['schemas']['DateTime'];
      /** @description True when this response replays an earlier request (same Idempotency-Key or clientRequestId and body) instead of acting again. Always false on operations that are not idempotent (confirm, redeliver, webhook-secret rotate): each call acts. */
      idempotent: boolean;
    };
    Pagination: {
      /** @description Opaque; pass back as `cursor`. Null on the last page. Valid 7 days, bound to the filters. */
      cursor: string | null;
      hasMore: boolean;
      /** @description The limit actually applied. */
      limit: number;
    };
    /** @description RFC 7807 problem details. */
    Problem: {
      /** @description URL of the per-code page, `{DOCS_BASE_URL}/errors/{CODE}`. */
      type: string;
      title: string;
      status: number;
      /** @description Stable machine code; clients branch on it. */
      code: string;
      detail?: string;
      instance?: string;
      requestId?: string;
      /** @description Code-specific members, e.g. `cap`, `route`, `supported`, `field`. */
      extensions?: {
        [key: string]: unknown;
      };
    };
    WebhookDelivery: {
      status: components['schemas']['WebhookDeliveryStatus'];
      attempts: number;
      /** Format: date-time */
      lastAttemptedAt: string | null;
      lastStatusCode: number | null;
      lastFailureCode: string | null;
      /** Format: date-time */
      terminalFailureAt: string | null;
    };
    Trade: {
      id: components['schemas']['Uuid'];
      marketId: components['schemas']['Uuid'];
      outcomeIndex: number;
      amount: components['schemas']['DecimalAmount'];
      side: components['schemas']['TradeSide'];
      status: components['schemas']['TradeStatus'];
      correlationId: components['schemas']['Uuid'];
      clientRequestId: string | null;
      txHash: string | null;
      tokensOut: string | null;
      errorCode: string | null;
      errorMessage: string | null;
      /** @description The client's price limit (`limitPrice` of the request), null when it set none. */
      limitPrice: components['schemas']['LimitPrice'] | null;
      /**
       * Format: date-time
       * @description The execution deadline: a trade not mined by it fails `EXECUTION_TIMEOUT`, spending nothing. The client's `expiresAt` from creation; else the server's default, set when execution starts (null until then).
       */
      expiresAt: string | null;
      webhookDelivery: components['schemas']['WebhookDelivery'] | null;
      metadata?: components['schemas']['Metadata'];
      createdAt: components['schemas']['DateTime'];
      updatedAt: components['schemas']['DateTime'];
    };
    CreateTradeRequest: {
      marketId: components['schemas']['Uuid'];
      outcomeIndex: number;
      amount: components['schemas']['DecimalAmount'];
      side: components['schemas']['TradeSide'];
      clientRequestId?: components['schemas']['ClientRequestId'];
      metadata?: components['schemas']['Metadata'];
      /**
       * Format: date-time
       * @description The trade's execution deadline instead of the server's default: a trade not mined by it fails `EXECUTION_TIMEOUT`, spending nothing. In the future and at most one hour ahead (else 400 `VALIDATION_FAILED`, `extensions.field` `expiresAt`); part of the body identity for idempotency.
       */
      expiresAt?: string;
      limitPrice?: components['schemas']['LimitPrice'];
    };
    /**
     * @description The worst average price per outcome token the trade accepts, in USDC, strictly between 0 and 1 with at most 6 decimals: a buy never pays more than it per token, a sell never receives less. It tightens the on-chain guard (the stricter of it and the server's slippage guard); a trade the pool cannot fill within it fails `PRICE_LIMIT_EXCEEDED`, spending nothing. Part of the body identity for idempotency (`0.5` and `0.50` are the same limit). `0.000000` is refused 400 `VALIDATION_FAILED`, `extensions.field` `limitPrice`.
     * @example 0.55
     */
    LimitPrice: string;
    CreateTradeBatchRequest: {
      /** @description Create-trade bodies (CreateTradeRequest). Each is validated on its own: a malformed item is answered in its result (400 `VALIDATION_FAILED`) and the others go on. */
      trades: {
        [key: string]: unknown;
      }[];
    };
    /** @description An item's answer: `trade` (and `confirmation` on 202) for 200/201/202, `error` for a 4xx. */
    TradeBatchResult: {
      status: number;
      trade?: components['schemas']['Trade'];
      confirmation?: components['schemas']['Confirmation'];
      /** @description The trade was replayed (clientRequestId or Idempotency-Key). */
      idempotent?: boolean;
      error?: components['schemas']['Problem'];
    };
    TradeBatchEnvelope: {
      results: components['schemas']['TradeBatchResult'][];
      data: components['schemas']['TradeBatchResult'][];
      _meta: components['schemas']['WriteMeta'];
    };
    ConfirmTradeRequest: {
      token: string;
    };
    Confirmation: {
      /** @description One-time; returned only in this 202 response, never in a webhook. */
      token: string;
      expiresAt: components['schemas']['DateTime'];
    };
    TradeEnvelope: {
      trade: components['schemas']['Trade'];
      data: components['schemas']['Trade'];
      _meta: components['schemas']['Meta'];
    };
    TradeWriteEnvelope: {
      trade: components['schemas']['Trade'];
      data: components['schemas']['Trade'];
      _meta: components['schemas']['WriteMeta'];
    };
    TradeConfirmationEnvelope: {
      trade: components['schemas']['Trade'];
      data: components['schemas']['Trade'];
      confirmation: components['schemas']['Confirmation'];
      _meta: components['schemas']['WriteMeta'];
    };
    TradeList: {
      data: components['schemas']['Trade'][];
      pagination: components['schemas']['Pagination'];
      _meta: components['schemas']['Meta'];
    };
    TraceEvent: {
      type: string;
      occurredAt: components['schemas']['DateTime'];
      sequenceNumber: number;
      data: {
        [key: string]: unknown;
      };
    };
    Trace: {
      correlationId: components['schemas']['Uuid'];
      events: components['schemas']['TraceEvent'][];
    };
    TraceEnvelope: {
      trace: components['schemas']['Trace'];
      data: components['schemas']['Trace'];
      _meta: components['schemas']['Meta'];
    };
    /** @description The `data` of one event of GET /events/stream. */
    StreamedEvent:
      | components['schemas']['TradeConfirmationRequiredEvent']
      | components['schemas']['TradeCompletedEvent']
      | components['schemas']['TradeFailedEvent']
      | components['schemas']['TradeRejectedEvent']
      | components['schemas']['StreamErrorEvent'];
    /** @description The last event of a stream the server ends (`event: stream.error`). */
    StreamErrorEvent: {
      /** @enum {string} */
      code: 'API_KEY_REVOKED' | 'API_KEY_EXPIRED' | 'ROUTE_DISABLED' | 'SERVICE_SHUTTING_DOWN';
      detail: string;
    };
    EventTradeData: {
      tradeId: components['schemas']['Uuid'];
      marketId: components['schemas']['Uuid'];
      outcomeIndex: number;
      amount: components['schemas']['DecimalAmount'];
      side: components['schemas']['TradeSide'];
      status: components['schemas']['TradeStatus'];
      metadata: components['schemas']['Metadata'];
    };
    EventEnvelope: {
      /** @description Stable; equals X-Service-Event-Id; dedupe on it. */
      id: string;
      type: string;
      /** @description Pinned at emission; stable across retries. */
      apiVersion: string;
      createdAt: components['schemas']['DateTime'];
      /** @description The trade and what the event type adds. */
      data: Record<string, never>;
    };
    TradeConfirmationRequiredEvent: components['schemas']['EventEnvelope'] & {
      /** @constant */
      type?: 'trade.confirmation-required';
      data?: components['schemas']['EventTradeData'] & {
        /** @constant */
        status?: 'pending_confirmation';
        confirmationExpiresAt: components['schemas']['DateTime'];
      };
    };
    TradeCompletedEvent: components['schemas']['EventEnvelope'] & {
      /** @constant */
      type?: 'trade.completed';
      data?: components['schemas']['EventTradeData'] & {
        /** @constant */
        status?: 'completed';
        txHash: string;
        tokensOut: components['schemas']['WadString'];
      };
    };
    TradeFailedEvent: components['schemas']['EventEnvelope'] & {
      /** @constant */
      type?: 'trade.failed';
      data?: components['schemas']['EventTradeData'] & {
        /** @constant */
        status?: 'failed';
        errorCode: string;
        errorMessage: string;
      };
    };
    TradeRejectedEvent: components['schemas']['EventEnvelope'] & {
      /** @constant */
      type?: 'trade.rejected';
      data?: components['schemas']['EventTradeData'] & {
        /** @constant */
        status?: 'rejected';
        errorCode: string;
        errorMessage: string;
      };
    };
  };
  responses: {
    /** @description Not modified: If-None-Match matched the current ETag. Empty body. A waiting read (GET /trades/{id} with `Prefer: wait=N`) answers it when the wait ended unchanged, with `Preference-Applied`. */
    NotModified: {
      headers: {
        ETag: components['headers']['ETag'];
        'Cache-Control': components['headers']['Cache-Control'];
        'Preference-Applied': components['headers']['Preference-Applied'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description 400: VALIDATION_FAILED (a body, query or path member failed validation; `extensions.field` names it), API_VERSION_UNSUPPORTED (`extensions.supported`). Answered after the rate limiter. */
    ValidationFailed: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 401: API_KEY_MISSING, API_KEY_MALFORMED, API_KEY_INVALID (unknown, or a key of the other environment), API_KEY_REVOKED, API_KEY_EXPIRED, REQUEST_SIGNATURE_INVALID (`extensions.reason`: stale, mismatch, malformed). The key errors are answered before any user is attributed and carry no `X-RateLimit-*`; REQUEST_SIGNATURE_INVALID is checked after the rate limiter and carries them. Every 401 counts toward the per-IP lockout (429 AUTH_LOCKED_OUT). */
    Unauthorized: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        /** @description Present on REQUEST_SIGNATURE_INVALID only. */
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit.optional'];
        /** @description Present on REQUEST_SIGNATURE_INVALID only. */
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining.optional'];
        /** @description Present on REQUEST_SIGNATURE_INVALID only. */
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset.optional'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 403: IP_NOT_ALLOWED, or INSUFFICIENT_SCOPE (`extensions.requiredScope`). Both are answered before the rate limiter, so neither spends quota (a key used from an address it does not accept cannot drain its user's window); the user is known, so both report the user's current window in `X-RateLimit-*`, uncounted (left out only when the window cannot be read). Neither counts toward the lockout. */
    Forbidden: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        /** @description The user's window as it stands (this request not counted). */
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit.optional'];
        /** @description The user's window as it stands (this request not counted). */
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining.optional'];
        /** @description The user's window as it stands (this request not counted). */
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset.optional'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 404: RESOURCE_NOT_FOUND: missing, or not owned by the caller (never 403 for another users resource). */
    NotFound: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 413: PAYLOAD_TOO_LARGE: bodies are limited to 64 KiB. Checked before the API key, so no `X-RateLimit-*`. */
    PayloadTooLarge: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 429: RATE_LIMIT_EXCEEDED (per-user quota; carries `X-RateLimit-*`, `Retry-After` until the earliest admission), AUTH_LOCKED_OUT (too many authentication failures from this IP; answered before any user is attributed, so no `X-RateLimit-*`), WEBHOOK_SECRET_ROTATION_COOLDOWN (rotate only; `Retry-After` until the 60 s cooldown ends). */
    TooManyRequests: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        'Retry-After': components['headers']['Retry-After'];
        /** @description Absent on AUTH_LOCKED_OUT. */
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit.optional'];
        /** @description Absent on AUTH_LOCKED_OUT. */
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining.optional'];
        /** @description Absent on AUTH_LOCKED_OUT; on RATE_LIMIT_EXCEEDED the earliest admission time. */
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset.optional'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 429: RATE_LIMIT_EXCEEDED and AUTH_LOCKED_OUT as on every operation (with `Retry-After`), or WEBHOOK_REPLAY_LIMIT_REACHED: the event was already redelivered 5 times. That limit is permanent, so it carries no `Retry-After`. */
    RedeliveryTooManyRequests: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        /** @description Present on RATE_LIMIT_EXCEEDED and AUTH_LOCKED_OUT; absent on WEBHOOK_REPLAY_LIMIT_REACHED. */
        'Retry-After': components['headers']['Retry-After.optional'];
        /** @description Absent on AUTH_LOCKED_OUT. */
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit.optional'];
        /** @description Absent on AUTH_LOCKED_OUT. */
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining.optional'];
        /** @description Absent on AUTH_LOCKED_OUT. */
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset.optional'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 500: INTERNAL_ERROR: the body carries only the requestId. */
    InternalError: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        /** @description Present when the failure happened after the rate limiter. */
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit.optional'];
        /** @description Present when the failure happened after the rate limiter. */
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining.optional'];
        /** @description Present when the failure happened after the rate limiter. */
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset.optional'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 503: ROUTE_DISABLED (operations kill switch, checked first: Retry-After 60, `extensions.route`, no `X-RateLimit-*`), DEPENDENCY_UNAVAILABLE (database, Redis or chain RPC degraded; Retry-After 30; carries `X-RateLimit-*` when the dependency failed after the rate limiter admitted the request, e.g. the chain on quotes and portfolio). */
    Unavailable: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        'Retry-After': components['headers']['Retry-After'];
        /** @description Absent on ROUTE_DISABLED and on failures before the rate limiter. */
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit.optional'];
        /** @description Absent on ROUTE_DISABLED and on failures before the rate limiter. */
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining.optional'];
        /** @description Absent on ROUTE_DISABLED and on failures before the rate limiter. */
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset.optional'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 409: A conflict with the resource state; the operation lists its codes. */
    Conflict: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description 422: A domain rule rejected the request; the operation lists its codes. */
    Unprocessable: {
      headers: {
        'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
        'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
  };
  parameters: {
    ResourceId: components['schemas']['Uuid'];
    /** @description Page size; default 20, at most 100 (larger values are clamped to 100). */
    MarketsLimit: number;
    /** @description Page size; default 50, at most 100 (larger values are clamped to 100). */
    PredictionsLimit: number;
    /** @description Intervals per page; default 100, at most 100 (larger values are clamped to 100). */
    CandlesLimit: number;
    /** @description Page size; default 20, at most 100 (larger values are clamped to 100). */
    TradesLimit: number;
    /** @description Page size; default 25, at most 100 (larger values are clamped to 100). */
    WebhookEventsLimit: number;
    /** @description The `pagination.cursor` of the previous page, passed back unchanged with unchanged filters (`limit` may change). Cursors are signed and bound to the route and filters; a cursor used with other filters, altered, or older than 7 days (counted from the end of the hour it was issued in) is refused with 400 VALIDATION_FAILED (`extensions.field` = `cursor`). */
    Cursor: string;
    /**
     * @description Sandbox failure simulation (test environment only: a `svc_test_` key on a deployment serving the test
     *     environment; anywhere else 400 VALIDATION_FAILED naming this header). The trade takes the real path to the
     *     outcome named: `revert`, `slippage`, `price_limit`, `insufficient_balance` (a real reverted transaction →
     *     `failed`), `timeout` (mined after its execution deadline, refused on-chain → `failed` with EXECUTION_TIMEOUT), `reject` (policy rejection → `rejected`), `delay=<ms>` (held 1 to 30000 ms before executing,
     *     then `completed`). Stored with the trade and shown as `simulation` in its `trade.created` trace step. Not
     *     part of the signed body; part of the idempotent request (the same Idempotency-Key or clientRequestId with
     *     another value is 409 IDEMPOTENCY_KEY_CONFLICT). See the sandbox table in the docs.
     */
    Simulate: string;
    /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
    ApiVersion: string;
    /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
    IfNoneMatch: string;
    /** @description Characters from A-Z a-z 0-9 _ - : . (1 to 128; a random UUID is recommended); owned 24 h per API key. */
    IdempotencyKey: string;
    /**
     * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
     *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
     */
    Signature: string;
    /**
     * @description `t=<unix-MILLISECONDS>,v1=<hex>[,v1=<hex>…]`
     *
     *     **`t` is Unix time in MILLISECONDS (13 digits), not seconds.** Stripe-style verifiers assume seconds and,
     *     used unchanged, see a timestamp far in the future and reject every delivery. Compare `t` with your clock in
     *     milliseconds; the tolerance is 5 minutes either way.
     *
     *     Signed string: `<t>.<raw body>` — the `t` value exactly as sent, a dot, then the exact raw request body
     *     bytes (verify before parsing or re-serialising the JSON). `v1` is the hex-encoded HMAC-SHA256 of that string
     *     keyed by the key's whole webhook secret (`whsec_…`, as UTF-8 bytes).
     *
     *     After a secret rotation the previous secret stays valid for 7 days; during that overlap each delivery
     *     carries several `v1=` values, one per valid secret. Accept the delivery when any `v1` matches (compare in
     *     constant time).
     */
    WebhookSignature: string;
    /** @description The event id, equal to the body `id`; stable across retries and redeliveries. Dedupe on it. */
    WebhookEventId: string;
    /** @description The API version label pinned when the event was emitted (e.g. `2026-04-29`), equal to the body `apiVersion`. */
    WebhookApiVersion: string;
    /** @description `Foretell-Webhooks/<version>`. */
    WebhookUserAgent: string;
    /** @description Standard Webhooks (www.standardwebhooks.com): the event id, the same as `X-Service-Event-Id`, unchanged on every retry and redelivery. */
    StandardWebhookId: string;
    /** @description Standard Webhooks: the attempt's time in whole Unix SECONDS (the contract's `X-Service-Signature` `t` is the same instant in milliseconds). */
    StandardWebhookTimestamp: string;
    /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the base64-decoded part of the key's `whsec_…` secret; one per signing secret, space-separated, newest first (two during a rotation overlap). `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package, or any of its ports, checks it with the secret exactly as issued. */
    StandardWebhookSignature: string;
  };
  requestBodies: never;
  headers: {
    /** @description The API version label that served the request (current `2026-04-29`); on every /v1 response. */
    'X-Service-Api-Version': string;
    /** @description The problem `code` of an error response. */
    'X-Service-Error-Code': string;
    /** @description Trace handle; equals the problem `requestId` and `_meta.requestId`. A sane incoming X-Request-Id is echoed, otherwise a `req_…` id is minted. */
    'X-Request-Id': string;
    /** @description Seconds to wait before retrying. */
    'Retry-After': number;
    /** @description Seconds to wait before retrying, where the code carries one. */
    'Retry-After.optional': number;
    /** @description Requests per minute of the caller's per-user quota (the highest limit among the user's active keys). */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the current window (tokens left for bucket-limited writes). */
    'X-RateLimit-Remaining': number;
    /** @description Unix epoch seconds when the quota is fully available again. */
    'X-RateLimit-Reset': number;
    /** @description Requests per minute of the caller's per-user quota; only when the request reached the rate limiter. */
    'X-RateLimit-Limit.optional': number;
    /** @description Requests left in the current window; only when the request reached the rate limiter. */
    'X-RateLimit-Remaining.optional': number;
    /** @description Unix epoch seconds when the quota is fully available again; only when the request reached the rate limiter. */
    'X-RateLimit-Reset.optional': number;
    /** @description Weak validator (`W/"…"`) per (route, query, key, body); send it as If-None-Match. */
    ETag: string;
    /** @description `wait=N` (RFC 7240) when the request asked to wait with `Prefer: wait=N`: the wait honoured, in seconds (capped at 30). Only on operations that support waiting reads. */
    'Preference-Applied': string;
    /** @description `private, no-cache` on authenticated reads; `public, max-age=10` on quotes. */
    'Cache-Control': string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  streamEvents: {
    parameters: {
      query?: {
        /** @description Same as `Last-Event-ID` (used when the header is absent). */
        after?: number;
        /** @description Comma-separated event types to send. */
        types?: string;
        /** @description Only events of trades on this market. */
        marketId?: components['schemas']['Uuid'];
      };
      header?: {
        /** @description The `id` of the last event received; the stream continues after it. */
        'Last-Event-ID'?: string;
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description An open event stream. Each event: `id: <seq>`, `event: <type>`, `data: <envelope JSON>` (one of the
       *     webhook envelopes); the final `stream.error` event carries `{code, detail}`.
       */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{ status: "ok", version }` */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
    };
  };
  getReady: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{ status: "ready", checks }` */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      /** @description `{ status: "not_ready", checks }` */
      503: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The description. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': Record<string, never>;
        };
      };
    };
  };
  getApiReference: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description HTML page. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  getErrorDocumentation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        code: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description HTML page. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description A code segment that is not valid percent-encoding (VALIDATION_FAILED). */
      400: {
        headers: {
          'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unknown code (RESOURCE_NOT_FOUND). */
      404: {
        headers: {
          'X-Service-Error-Code': components['headers']['X-Service-Error-Code'];
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listMarkets: {
    parameters: {
      query?: {
        /** @description Page size; default 20, at most 100 (larger values are clamped to 100). */
        limit?: components['parameters']['MarketsLimit'];
        /** @description The `pagination.cursor` of the previous page, passed back unchanged with unchanged filters (`limit` may change). Cursors are signed and bound to the route and filters; a cursor used with other filters, altered, or older than 7 days (counted from the end of the hour it was issued in) is refused with 400 VALIDATION_FAILED (`extensions.field` = `cursor`). */
        cursor?: components['parameters']['Cursor'];
        status?: 'active' | 'paused' | 'resolved' | 'cancelled' | 'refunded' | 'all';
        category?: string;
        threadId?: components['schemas']['Uuid'];
      };
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarketList'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getMarket: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        id: components['parameters']['ResourceId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarketEnvelope'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getMarketQuote: {
    parameters: {
      query: {
        outcomeIndex: number;
        action: 'buy' | 'sell';
        amount: components['schemas']['AtomicAmount'];
      };
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        id: components['parameters']['ResourceId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QuoteEnvelope'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['Unprocessable'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listMarketPredictions: {
    parameters: {
      query?: {
        /** @description Page size; default 50, at most 100 (larger values are clamped to 100). */
        limit?: components['parameters']['PredictionsLimit'];
        /** @description The `pagination.cursor` of the previous page, passed back unchanged with unchanged filters (`limit` may change). Cursors are signed and bound to the route and filters; a cursor used with other filters, altered, or older than 7 days (counted from the end of the hour it was issued in) is refused with 400 VALIDATION_FAILED (`extensions.field` = `cursor`). */
        cursor?: components['parameters']['Cursor'];
        outcomeIndex?: number;
        side?: components['schemas']['TradeSide'];
      };
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        id: components['parameters']['ResourceId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PredictionList'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listMarketCandles: {
    parameters: {
      query: {
        interval: '1m' | '5m' | '15m' | '1h' | '4h' | '1d';
        outcomeIndex?: number;
        /** @description The first interval served is the one holding this time (never before the market's first trade). */
        from?: string;
        /** @description Intervals starting before this time, and only trades before it (default now; a later time is served as now, so no interval that has not begun); after `from`. */
        to?: string;
        /** @description Intervals per page; default 100, at most 100 (larger values are clamped to 100). */
        limit?: components['parameters']['CandlesLimit'];
        /** @description The `pagination.cursor` of the previous page, passed back unchanged with unchanged filters (`limit` may change). Cursors are signed and bound to the route and filters; a cursor used with other filters, altered, or older than 7 days (counted from the end of the hour it was issued in) is refused with 400 VALIDATION_FAILED (`extensions.field` = `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        id: components['parameters']['ResourceId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CandleList'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getPortfolio: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PortfolioEnvelope'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listPortfolioPositions: {
    parameters: {
      query?: {
        marketId?: components['schemas']['Uuid'];
      };
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PositionsEnvelope'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  createRedemption: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
         *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
         */
        'X-Service-Signature'?: components['parameters']['Signature'];
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RedemptionRequest'];
      };
    };
    responses: {
      /** @description A duplicate while the claim is open; the original claim (its current status); `_meta.idempotent` is true. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RedemptionEnvelope'];
        };
      };
      /** @description A new claim, `pending`; `_meta.idempotent` is false. */
      201: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RedemptionEnvelope'];
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listTrades: {
    parameters: {
      query?: {
        /** @description Page size; default 20, at most 100 (larger values are clamped to 100). */
        limit?: components['parameters']['TradesLimit'];
        /** @description The `pagination.cursor` of the previous page, passed back unchanged with unchanged filters (`limit` may change). Cursors are signed and bound to the route and filters; a cursor used with other filters, altered, or older than 7 days (counted from the end of the hour it was issued in) is refused with 400 VALIDATION_FAILED (`extensions.field` = `cursor`). */
        cursor?: components['parameters']['Cursor'];
        /** @description Comma-separated trade statuses. */
        status?: string;
        marketId?: components['schemas']['Uuid'];
      };
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeList'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  createTrade: {
    parameters: {
      query?: never;
      header?: {
        /** @description Characters from A-Z a-z 0-9 _ - : . (1 to 128; a random UUID is recommended); owned 24 h per API key. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
         *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
         */
        'X-Service-Signature'?: components['parameters']['Signature'];
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /**
         * @description Sandbox failure simulation (test environment only: a `svc_test_` key on a deployment serving the test
         *     environment; anywhere else 400 VALIDATION_FAILED naming this header). The trade takes the real path to the
         *     outcome named: `revert`, `slippage`, `price_limit`, `insufficient_balance` (a real reverted transaction →
         *     `failed`), `timeout` (mined after its execution deadline, refused on-chain → `failed` with EXECUTION_TIMEOUT), `reject` (policy rejection → `rejected`), `delay=<ms>` (held 1 to 30000 ms before executing,
         *     then `completed`). Stored with the trade and shown as `simulation` in its `trade.created` trace step. Not
         *     part of the signed body; part of the idempotent request (the same Idempotency-Key or clientRequestId with
         *     another value is 409 IDEMPOTENCY_KEY_CONFLICT). See the sandbox table in the docs.
         */
        'X-Service-Simulate'?: components['parameters']['Simulate'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTradeRequest'];
      };
    };
    responses: {
      /** @description Replay of a high-value trade past its confirmation (`_meta.idempotent` true): confirmed, or cancelled while it awaited confirmation; the trade's `status` and `errorCode` say which. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeWriteEnvelope'];
        };
      };
      /** @description Success. */
      201: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeWriteEnvelope'];
        };
      };
      /** @description High-value trade awaiting confirmation. */
      202: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeConfirmationEnvelope'];
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      422: components['responses']['Unprocessable'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getTrade: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
        /** @description `wait=N` (seconds, at most 30; larger values are capped) to wait for a change of the representation matching `If-None-Match`. */
        Prefer?: string;
      };
      path: {
        id: components['parameters']['ResourceId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Preference-Applied': components['headers']['Preference-Applied'];
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeEnvelope'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  confirmTrade: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
         *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
         */
        'X-Service-Signature'?: components['parameters']['Signature'];
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
      };
      path: {
        id: components['parameters']['ResourceId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ConfirmTradeRequest'];
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeWriteEnvelope'];
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  createTradeBatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Characters from A-Z a-z 0-9 _ - : . (1 to 128; a random UUID is recommended); owned 24 h per API key. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
         *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
         */
        'X-Service-Signature'?: components['parameters']['Signature'];
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTradeBatchRequest'];
      };
    };
    responses: {
      /** @description One result per item, in order. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeBatchEnvelope'];
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  cancelTrade: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
         *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
         */
        'X-Service-Signature'?: components['parameters']['Signature'];
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
      };
      path: {
        id: components['parameters']['ResourceId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TradeWriteEnvelope'];
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getTrace: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        correlationId: components['schemas']['Uuid'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TraceEnvelope'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listWebhookEvents: {
    parameters: {
      query?: {
        /** @description Page size; default 25, at most 100 (larger values are clamped to 100). */
        limit?: components['parameters']['WebhookEventsLimit'];
        /** @description The `pagination.cursor` of the previous page, passed back unchanged with unchanged filters (`limit` may change). Cursors are signed and bound to the route and filters; a cursor used with other filters, altered, or older than 7 days (counted from the end of the hour it was issued in) is refused with 400 VALIDATION_FAILED (`extensions.field` = `cursor`). */
        cursor?: components['parameters']['Cursor'];
        /** @description Comma-separated delivery statuses. */
        status?: string;
      };
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEventList'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  redeliverWebhookEvent: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
         *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
         */
        'X-Service-Signature'?: components['parameters']['Signature'];
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      202: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEventEnvelope'];
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['RedeliveryTooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Optional body signature `t=<unix-ms>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 keyed by the plaintext API key over
         *     `<t>.<METHOD>.<path without query>.<raw body bytes>`; ±5 minutes.
         */
        'X-Service-Signature'?: components['parameters']['Signature'];
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSecretEnvelope'];
        };
      };
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getAccountUsage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional version pin; absent means the current `2026-04-29`. Unknown → 400 API_VERSION_UNSUPPORTED. */
        'X-Service-Api-Version'?: components['parameters']['ApiVersion'];
        /** @description An ETag from a previous response; an unchanged resource answers 304 with an empty body. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'X-Service-Api-Version': components['headers']['X-Service-Api-Version'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag: components['headers']['ETag'];
          'Cache-Control': components['headers']['Cache-Control'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsageEnvelope'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['ValidationFailed'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  onTradeConfirmationRequired: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description `t=<unix-MILLISECONDS>,v1=<hex>[,v1=<hex>…]`
         *
         *     **`t` is Unix time in MILLISECONDS (13 digits), not seconds.** Stripe-style verifiers assume seconds and,
         *     used unchanged, see a timestamp far in the future and reject every delivery. Compare `t` with your clock in
         *     milliseconds; the tolerance is 5 minutes either way.
         *
         *     Signed string: `<t>.<raw body>` — the `t` value exactly as sent, a dot, then the exact raw request body
         *     bytes (verify before parsing or re-serialising the JSON). `v1` is the hex-encoded HMAC-SHA256 of that string
         *     keyed by the key's whole webhook secret (`whsec_…`, as UTF-8 bytes).
         *
         *     After a secret rotation the previous secret stays valid for 7 days; during that overlap each delivery
         *     carries several `v1=` values, one per valid secret. Accept the delivery when any `v1` matches (compare in
         *     constant time).
         */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        /** @description The event id, equal to the body `id`; stable across retries and redeliveries. Dedupe on it. */
        'X-Service-Event-Id': components['parameters']['WebhookEventId'];
        /** @description The API version label pinned when the event was emitted (e.g. `2026-04-29`), equal to the body `apiVersion`. */
        'X-Service-Api-Version': components['parameters']['WebhookApiVersion'];
        /** @description `Foretell-Webhooks/<version>`. */
        'User-Agent': components['parameters']['WebhookUserAgent'];
        /** @description Standard Webhooks (www.standardwebhooks.com): the event id, the same as `X-Service-Event-Id`, unchanged on every retry and redelivery. */
        'webhook-id': components['parameters']['StandardWebhookId'];
        /** @description Standard Webhooks: the attempt's time in whole Unix SECONDS (the contract's `X-Service-Signature` `t` is the same instant in milliseconds). */
        'webhook-timestamp': components['parameters']['StandardWebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the base64-decoded part of the key's `whsec_…` secret; one per signing secret, space-separated, newest first (two during a rotation overlap). `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package, or any of its ports, checks it with the secret exactly as issued. */
        'webhook-signature': components['parameters']['StandardWebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TradeConfirmationRequiredEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onTradeCompleted: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description `t=<unix-MILLISECONDS>,v1=<hex>[,v1=<hex>…]`
         *
         *     **`t` is Unix time in MILLISECONDS (13 digits), not seconds.** Stripe-style verifiers assume seconds and,
         *     used unchanged, see a timestamp far in the future and reject every delivery. Compare `t` with your clock in
         *     milliseconds; the tolerance is 5 minutes either way.
         *
         *     Signed string: `<t>.<raw body>` — the `t` value exactly as sent, a dot, then the exact raw request body
         *     bytes (verify before parsing or re-serialising the JSON). `v1` is the hex-encoded HMAC-SHA256 of that string
         *     keyed by the key's whole webhook secret (`whsec_…`, as UTF-8 bytes).
         *
         *     After a secret rotation the previous secret stays valid for 7 days; during that overlap each delivery
         *     carries several `v1=` values, one per valid secret. Accept the delivery when any `v1` matches (compare in
         *     constant time).
         */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        /** @description The event id, equal to the body `id`; stable across retries and redeliveries. Dedupe on it. */
        'X-Service-Event-Id': components['parameters']['WebhookEventId'];
        /** @description The API version label pinned when the event was emitted (e.g. `2026-04-29`), equal to the body `apiVersion`. */
        'X-Service-Api-Version': components['parameters']['WebhookApiVersion'];
        /** @description `Foretell-Webhooks/<version>`. */
        'User-Agent': components['parameters']['WebhookUserAgent'];
        /** @description Standard Webhooks (www.standardwebhooks.com): the event id, the same as `X-Service-Event-Id`, unchanged on every retry and redelivery. */
        'webhook-id': components['parameters']['StandardWebhookId'];
        /** @description Standard Webhooks: the attempt's time in whole Unix SECONDS (the contract's `X-Service-Signature` `t` is the same instant in milliseconds). */
        'webhook-timestamp': components['parameters']['StandardWebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the base64-decoded part of the key's `whsec_…` secret; one per signing secret, space-separated, newest first (two during a rotation overlap). `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package, or any of its ports, checks it with the secret exactly as issued. */
        'webhook-signature': components['parameters']['StandardWebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TradeCompletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onTradeFailed: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description `t=<unix-MILLISECONDS>,v1=<hex>[,v1=<hex>…]`
         *
         *     **`t` is Unix time in MILLISECONDS (13 digits), not seconds.** Stripe-style verifiers assume seconds and,
         *     used unchanged, see a timestamp far in the future and reject every delivery. Compare `t` with your clock in
         *     milliseconds; the tolerance is 5 minutes either way.
         *
         *     Signed string: `<t>.<raw body>` — the `t` value exactly as sent, a dot, then the exact raw request body
         *     bytes (verify before parsing or re-serialising the JSON). `v1` is the hex-encoded HMAC-SHA256 of that string
         *     keyed by the key's whole webhook secret (`whsec_…`, as UTF-8 bytes).
         *
         *     After a secret rotation the previous secret stays valid for 7 days; during that overlap each delivery
         *     carries several `v1=` values, one per valid secret. Accept the delivery when any `v1` matches (compare in
         *     constant time).
         */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        /** @description The event id, equal to the body `id`; stable across retries and redeliveries. Dedupe on it. */
        'X-Service-Event-Id': components['parameters']['WebhookEventId'];
        /** @description The API version label pinned when the event was emitted (e.g. `2026-04-29`), equal to the body `apiVersion`. */
        'X-Service-Api-Version': components['parameters']['WebhookApiVersion'];
        /** @description `Foretell-Webhooks/<version>`. */
        'User-Agent': components['parameters']['WebhookUserAgent'];
        /** @description Standard Webhooks (www.standardwebhooks.com): the event id, the same as `X-Service-Event-Id`, unchanged on every retry and redelivery. */
        'webhook-id': components['parameters']['StandardWebhookId'];
        /** @description Standard Webhooks: the attempt's time in whole Unix SECONDS (the contract's `X-Service-Signature` `t` is the same instant in milliseconds). */
        'webhook-timestamp': components['parameters']['StandardWebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the base64-decoded part of the key's `whsec_…` secret; one per signing secret, space-separated, newest first (two during a rotation overlap). `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package, or any of its ports, checks it with the secret exactly as issued. */
        'webhook-signature': components['parameters']['StandardWebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TradeFailedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onTradeRejected: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description `t=<unix-MILLISECONDS>,v1=<hex>[,v1=<hex>…]`
         *
         *     **`t` is Unix time in MILLISECONDS (13 digits), not seconds.** Stripe-style verifiers assume seconds and,
         *     used unchanged, see a timestamp far in the future and reject every delivery. Compare `t` with your clock in
         *     milliseconds; the tolerance is 5 minutes either way.
         *
         *     Signed string: `<t>.<raw body>` — the `t` value exactly as sent, a dot, then the exact raw request body
         *     bytes (verify before parsing or re-serialising the JSON). `v1` is the hex-encoded HMAC-SHA256 of that string
         *     keyed by the key's whole webhook secret (`whsec_…`, as UTF-8 bytes).
         *
         *     After a secret rotation the previous secret stays valid for 7 days; during that overlap each delivery
         *     carries several `v1=` values, one per valid secret. Accept the delivery when any `v1` matches (compare in
         *     constant time).
         */
        'X-Service-Signature': components['parameters']['WebhookSignature'];
        /** @description The event id, equal to the body `id`; stable across retries and redeliveries. Dedupe on it. */
        'X-Service-Event-Id': components['parameters']['WebhookEventId'];
        /** @description The API version label pinned when the event was emitted (e.g. `2026-04-29`), equal to the body `apiVersion`. */
        'X-Service-Api-Version': components['parameters']['WebhookApiVersion'];
        /** @description `Foretell-Webhooks/<version>`. */
        'User-Agent': components['parameters']['WebhookUserAgent'];
        /** @description Standard Webhooks (www.standardwebhooks.com): the event id, the same as `X-Service-Event-Id`, unchanged on every retry and redelivery. */
        'webhook-id': components['parameters']['StandardWebhookId'];
        /** @description Standard Webhooks: the attempt's time in whole Unix SECONDS (the contract's `X-Service-Signature` `t` is the same instant in milliseconds). */
        'webhook-timestamp': components['parameters']['StandardWebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the base64-decoded part of the key's `whsec_…` secret; one per signing secret, space-separated, newest first (two during a rotation overlap). `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package, or any of its ports, checks it with the secret exactly as issued. */
        'webhook-signature': components['parameters']['StandardWebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TradeRejectedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
