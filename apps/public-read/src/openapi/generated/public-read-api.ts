/*
 * Generated from apps/public-read/openapi/*.yaml by `npm run generate:contract-types` (openapi-typescript). Do not edit.
 */
export interface paths {
  '/api/threads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Threads (groups of markets) with totals computed on read
     * @description Limited to 50 requests per minute per IP.
     */
    get: operations['listThreads'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/threads/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One thread */
    get: operations['getThread'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/threads/{id}/markets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's markets (every status unless filtered) */
    get: operations['listThreadMarkets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/threads/{id}/chapters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's chapters by position */
    get: operations['listThreadChapters'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/threads/{id}/social-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** YES/NO social-post links for every active market of a thread */
    get: operations['listThreadSocialLinks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/organizations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Organization branding metadata */
    get: operations['getOrganization'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/organizations/{id}/threads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Threads of one organization (the threads-list parameters) */
    get: operations['listOrganizationThreads'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/partners/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Partner branding metadata */
    get: operations['getPartner'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/partners/{id}/threads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Threads of one partner (the threads-list parameters) */
    get: operations['listPartnerThreads'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/markets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Markets, filtered and sorted */
    get: operations['listMarkets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/markets/trending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Active markets ranked by recent activity
     * @description trendingScore = ln(1 + tradeCount) + ln(1 + volumeUsd) + 3·ln(1 + uniqueTraders) over the timeframe; markets without a trade in the timeframe are not listed.
     */
    get: operations['listTrendingMarkets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/markets/featured': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Active featured markets (at most 50), highest volume first */
    get: operations['listFeaturedMarkets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/markets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One market, optionally with price history and recent trades */
    get: operations['getMarket'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/markets/{id}/quote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** On-chain quote from the market contract's views (cached 10 s per market, outcome, action, amount) */
    get: operations['getMarketQuote'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/markets/{id}/social-link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A social-post link that places a prediction through the bot: a reply to the source post, or a new post with the market page */
    get: operations['getMarketSocialLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/organizations/{id}/markets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An organization's markets: /api/markets filtered by organizationId, reduced items */
    get: operations['listOrganizationMarkets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/markets/{id}/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A market's live prices, probabilities, volume and status (Server-Sent Events)
     * @description Server-Sent Events for embeds: `event: snapshot` at once, then `event: update` whenever the indexer records a trade or a status change of the market (each `data` is a MarketStreamEvent). A `retry:` hint comes first and, every 15 s, a `: keep-alive` comment plus an `event: heartbeat` with `data: {}` (EventSource hides comments; a client that sees neither an event nor a heartbeat for longer may treat the connection as dead). Updates carry the whole current state, so a client that reconnects simply starts from the new snapshot. At most 10 open streams per client address (MARKET_STREAM_MAX_PER_IP; 429 beyond, whose `retryAfter` and Retry-After say when the oldest of the address's stream leases would lapse: at most 45 s, or at once after closing a stream); a client that stops reading is disconnected. Example: `new EventSource('/api/markets/<id>/stream').addEventListener('update', (e) => render(JSON.parse(e.data)))`.
     */
    get: operations['streamMarket'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document */
    get: operations['getOpenApi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Error: {
      /** @description Short label, e.g. "Bad Request", "ValidationError". */
      error: string;
      message?: string;
      /** @description UPPER_CASE error code. */
      code?: string;
      /** @description Seconds until the rate-limit window resets (429 only). */
      retryAfter?: number;
      /** @description Quoted for 500 errors. */
      requestId?: string;
      extensions?: Record<string, never>;
    };
    ErrorOnly: {
      error: string;
    };
    Pagination: {
      offset: number;
      limit: number;
      total: number;
      hasMore: boolean;
    };
    Thread: {
      id: string;
      title: string;
      /** @description May contain markdown. */
      description: string;
      /** @description Sum of the thread markets volumes (cents), computed on read. */
      totalVolume: number;
      marketCount: number;
      /** @description Distinct trading accounts across the thread markets. */
      participantCount: number;
      /** @description Unix seconds. */
      startTime?: number;
      /** @description Unix seconds. */
      endTime?: number;
      /** @enum {string} */
      status: 'active' | 'upcoming' | 'completed' | 'resolved' | 'cancelled' | 'paused';
      category: string;
      tags: string[];
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    ThreadDetail: {
      id: string;
      title: string;
      /** @description May contain markdown. */
      description: string;
      /** @description Sum of the thread markets volumes (cents), computed on read. */
      totalVolume: number;
      marketCount: number;
      /** @description Distinct trading accounts across the thread markets. */
      participantCount: number;
      /** @description Unix seconds. */
      startTime?: number;
      /** @description Unix seconds. */
      endTime?: number;
      /** @enum {string} */
      status: 'active' | 'upcoming' | 'completed' | 'resolved' | 'cancelled' | 'paused';
      category: string;
      tags: string[];
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      image: string | null;
      backgroundImage: string | null;
    };
    Chapter: {
      chapterId: string;
      title: string;
      position: number | null;
      /** @description Chapters in the thread. */
      total: number | null;
      marketCount: number;
    };
    ThreadSocialLink: {
      marketId: string;
      question: string;
      /** @description The post the links reply to; null: they are new posts carrying the market page. */
      sourceSocialPostUrl: string | null;
      /** @description Intent URL of the YES reply. */
      yesLink: string;
      /** @description Intent URL of the NO reply. */
      noLink: string;
      yesPostContent: string;
      noPostContent: string;
    };
    Organization: {
      id: string;
      name: string;
      slug: string;
      displayName: string;
      tagline: string;
      colorPrimary: string;
      logoUrl: string | null;
      status: string | null;
    };
    Partner: {
      id: string;
      organizationId: string;
      name: string;
      slug: string;
      description: string | null;
      displayName: string | null;
      tagline: string;
      colorPrimary: string | null;
      logoUrl: string | null;
      websiteUrl: string | null;
      /** @enum {string} */
      status: 'active' | 'inactive';
    };
    MarketListItem: {
      /** @description Market UUID. */
      id: string;
      question: string;
      description: string;
      /** @description Outcome 0 (YES) probability; null before any price is indexed. */
      probability: number | null;
      /** @description Outcome 0 (YES) marginal price. */
      yesPrice: number | null;
      /** @description 1 − yesPrice (the NO price on a binary market). */
      noPrice: number | null;
      /** @description Total traded volume (cents). */
      totalVolume: number;
      tradeCount: number;
      /**
       * @description List form of the market status.
       * @enum {string}
       */
      status: 'active' | 'paused' | 'resolved' | 'cancelled';
      /** @description Unix milliseconds; null when not set. */
      endTime: number | null;
      category: string;
      /** Format: date-time */
      createdAt: string;
      /** @description URL of the market's originating post. */
      sourceSocialPostUrl: string | null;
    };
    ThreadMarketItem: {
      /** @description Market UUID. */
      id: string;
      question: string;
      description: string;
      /** @description Outcome 0 (YES) probability. */
      currentProbability: number | null;
      /** @description Outcome 0 (YES) marginal price. */
      yesPrice: number | null;
      /** @description 1 − yesPrice (the NO price on a binary market). */
      noPrice: number | null;
      /** @description Total traded volume (cents). */
      totalVolume: number;
      tradeCount: number;
      /**
       * @description List form of the market status.
       * @enum {string}
       */
      status: 'active' | 'paused' | 'resolved' | 'cancelled';
      /** @description Unix milliseconds; null when not set. */
      endTime: number | null;
      category: string;
      /** Format: date-time */
      createdAt: string;
      tags: string[];
    };
    OrganizationMarketItem: {
      /** @description Market UUID. */
      id: string;
      question: string;
      /** @description Outcome 0 (YES) probability; null before any price is indexed. */
      probability: number | null;
      /** @description Total traded volume (cents). */
      totalVolume: number;
      /**
       * @description List form of the market status.
       * @enum {string}
       */
      status: 'active' | 'paused' | 'resolved' | 'cancelled';
      /** @description Unix milliseconds; null when not set. */
      endTime: number | null;
      category: string;
      /** Format: date-time */
      createdAt: string;
    };
    TrendingMarketItem: {
      /** @description Market UUID. */
      id: string;
      question: string;
      description: string;
      /** @description Outcome 0 (YES) probability; null before any price is indexed. */
      probability: number | null;
      /** @description Outcome 0 (YES) marginal price. */
      yesPrice: number | null;
      /** @description 1 − yesPrice (the NO price on a binary market). */
      noPrice: number | null;
      /** @description Total traded volume (cents). */
      totalVolume: number;
      tradeCount: number;
      /**
       * @description List form of the market status.
       * @enum {string}
       */
      status: 'active' | 'paused' | 'resolved' | 'cancelled';
      /** @description Unix milliseconds; null when not set. */
      endTime: number | null;
      category: string;
      /** Format: date-time */
      createdAt: string;
      /** @description URL of the market's originating post. */
      sourceSocialPostUrl: string | null;
      /** @description ln(1+trades) + ln(1+volumeUsd) + 3·ln(1+uniqueTraders) over the timeframe. */
      trendingScore: number;
      /** @description 1 = most trending. */
      trendingRank: number;
      recentMetrics: {
        tradeCount: number;
        /** @description Volume in the timeframe (cents). */
        volume: number;
        uniqueTraders: number;
      };
    };
    FeaturedMarketItem: {
      /** @description Market UUID. */
      id: string;
      question: string;
      description: string;
      /** @description Outcome 0 (YES) probability; null before any price is indexed. */
      probability: number | null;
      /** @description Outcome 0 (YES) marginal price. */
      yesPrice: number | null;
      /** @description 1 − yesPrice (the NO price on a binary market). */
      noPrice: number | null;
      /** @description Total traded volume (cents). */
      totalVolume: number;
      tradeCount: number;
      /**
       * @description List form of the market status.
       * @enum {string}
       */
      status: 'active' | 'paused' | 'resolved' | 'cancelled';
      /** @description Unix milliseconds; null when not set. */
      endTime: number | null;
      category: string;
      /** Format: date-time */
      createdAt: string;
      /** @description URL of the market's originating post. */
      sourceSocialPostUrl: string | null;
      featured: boolean;
    };
    MarketDetail: {
      /** @description Market UUID. */
      id: string;
      question: string;
      description: string;
      /** @description Outcome 0 (YES) probability; null before any price is indexed. */
      probability: number | null;
      /** @description Outcome 0 (YES) marginal price. */
      yesPrice: number | null;
      /** @description 1 − yesPrice (the NO price on a binary market). */
      noPrice: number | null;
      /** @description Total traded volume (cents). */
      totalVolume: number;
      tradeCount: number;
      /**
       * @description Detail form of the market status.
       * @enum {string}
       */
      status: 'OPEN' | 'FROZEN' | 'RESOLVED' | 'CANCELLED';
      /** @description Unix milliseconds; null when not set. */
      endTime: number | null;
      category: string;
      /** Format: date-time */
      createdAt: string;
      /** @description URL of the market's originating post. */
      sourceSocialPostUrl: string | null;
      tags: string[];
      outcomes: {
        outcomeIndex: number;
        label: string;
        /** @description Outcome probability. */
        probability: number | null;
        /** @description Outcome marginal price. */
        price: number | null;
      }[];
      priceHistory?: {
        /** @description Unix milliseconds. */
        timestamp: number;
        /** @description Outcome 0 price. */
        price: number;
        /** @description Outcome 0 probability. */
        probability: number;
        /** @description Cumulative volume (cents). */
        volume: number;
      }[];
    };
    PriceHistoryPoint: {
      /** Format: date-time */
      timestamp: string;
      /** @description Outcome 0 price. */
      price: number;
      /** @description Outcome 0 probability. */
      probability: number;
      /** @description Cumulative volume (cents). */
      volume: number;
    };
    RecentTrade: {
      id: string;
      /**
       * @description The outcome traded: YES = outcome 0, NO = another outcome.
       * @enum {string}
       */
      side: 'YES' | 'NO';
      /** @description USDC paid (buy) or received (sell) (cents). */
      amount: number;
      /** @description Average price per token. */
      price: number;
      /** Format: date-time */
      timestamp: string;
      outcomeIndex: number;
      /** @enum {string} */
      action: 'buy' | 'sell';
    };
    BuyQuote: {
      outcomeIndex: number;
      /** @description Reserve after the trade (WAD-18). */
      reserveAfter: string;
      /** @description Curve coefficient R/N after the trade (WAD-18): preserved on buys (rounding can only raise it), strictly lower after a sell (the sell fees and the rounding leave the reserve; none is kept). */
      c: string;
      pAfter: string[];
      qAfter: string[];
      /** @description USDC per token (approximate). */
      effectivePrice: number;
      /** @description pAfter[outcomeIndex] / 1e18. */
      impliedProbability: number | null;
      /** @enum {string} */
      action: 'buy';
      /** @description Echoes amount (USDC atomic-6). */
      amountIn: string;
      /** @description Tokens received (WAD-18). */
      tokensOut: string;
    };
    SellQuote: {
      outcomeIndex: number;
      /** @description Reserve after the trade (WAD-18). */
      reserveAfter: string;
      /** @description Curve coefficient R/N after the trade (WAD-18): preserved on buys (rounding can only raise it), strictly lower after a sell (the sell fees and the rounding leave the reserve; none is kept). */
      c: string;
      pAfter: string[];
      qAfter: string[];
      /** @description USDC per token (approximate). */
      effectivePrice: number;
      /** @description pAfter[outcomeIndex] / 1e18. */
      impliedProbability: number | null;
      /** @enum {string} */
      action: 'sell';
      /** @description Echoes amount (WAD-18). */
      tokensIn: string;
      /** @description USDC received net of the sell fee (atomic-6). */
      usdcOut: string;
      /** @description Everything the sell takes out of the reserve, R − R′ (WAD-18): usdcOut plus both sell fees, which go to the treasury (grossRelease / 1e12 − usdcOut is the fee, rounding included). */
      grossRelease: string;
      /** @description Total sell fee in basis points. */
      sellFeeBps: number;
    };
    QuoteResponse: {
      quote: components['schemas']['BuyQuote'] | components['schemas']['SellQuote'];
      market: {
        id: string;
        contractAddress: string;
        chainId: number;
        outcomes: {
          outcomeIndex: number;
          label: string;
          /** @description Outcome probability: the pool's capital share q (currentPrices().q), as in every market view. */
          probability: number;
        }[];
        /**
         * @description Quote form of the market status.
         * @enum {string}
         */
        status: 'ACTIVE' | 'PAUSED' | 'RESOLVED' | 'CANCELLED';
      };
      units: {
        /** @enum {string} */
        usdc: 'atomic-6';
        /** @enum {string} */
        token: 'wad-18';
      };
    };
    ThreadListResponse: {
      threads: components['schemas']['Thread'][];
      pagination: components['schemas']['Pagination'];
      _meta: {
        authenticated: boolean;
        /** Format: date-time */
        requestedAt: string;
        organizationId?: string;
        partnerId?: string;
      };
    };
    ThreadDetailResponse: {
      thread: components['schemas']['ThreadDetail'];
      _meta: {
        authenticated: boolean;
        /** Format: date-time */
        requestedAt: string;
      };
    };
    ThreadMarketsResponse: {
      markets: components['schemas']['ThreadMarketItem'][];
      pagination: components['schemas']['Pagination'];
      _meta: {
        authenticated: boolean;
        /** Format: date-time */
        requestedAt: string;
      };
    };
    ThreadChaptersResponse: {
      chapters: components['schemas']['Chapter'][];
      _meta: {
        threadId: string;
        /** Format: date-time */
        requestedAt: string;
      };
    };
    ThreadSocialLinksResponse: {
      thread: {
        id: string;
        title: string;
        description: string;
      };
      markets: components['schemas']['ThreadSocialLink'][];
      _meta: {
        /** Format: date-time */
        requestedAt: string;
        /** @description USD. */
        amount: number;
        totalMarkets: number;
      };
    };
    MarketListResponse: {
      markets: components['schemas']['MarketListItem'][];
      pagination: components['schemas']['Pagination'];
    };
    TrendingResponse: {
      markets: components['schemas']['TrendingMarketItem'][];
      timeframe: {
        /** @enum {string} */
        trending: '1d' | '7d' | '30d';
      };
    };
    FeaturedResponse: {
      markets: components['schemas']['FeaturedMarketItem'][];
      _meta: {
        count: number;
      };
    };
    MarketDetailResponse: {
      market: components['schemas']['MarketDetail'];
      priceHistory?: components['schemas']['PriceHistoryPoint'][];
      recentTrades?: components['schemas']['RecentTrade'][];
      _meta: {
        /** Format: date-time */
        requestedAt: string;
        includes: {
          history: boolean;
          trades: boolean;
          tradesCount: number;
        };
      };
    };
    MarketSocialLinkResponse: {
      /** @description Full intent URL. */
      socialUrl: string;
      postContent: string;
      market: {
        id: string;
        question: string;
        /** @description The post the link replies to; null: a new post carrying the market page. */
        sourceSocialPostUrl: string | null;
      };
    };
    OrganizationResponse: {
      organization: components['schemas']['Organization'];
      _meta: {
        /** Format: date-time */
        requestedAt: string;
      };
    };
    OrganizationMarketsResponse: {
      markets: components['schemas']['OrganizationMarketItem'][];
      pagination: components['schemas']['Pagination'];
      _meta: {
        organizationId: string;
        /** Format: date-time */
        requestedAt: string;
      };
    };
    PartnerResponse: {
      partner: components['schemas']['Partner'];
      _meta: {
        /** Format: date-time */
        requestedAt: string;
      };
    };
    /** @description The `data` of a `snapshot` or `update` event: the market as GET /api/markets/{id} shows it. */
    MarketStreamEvent: {
      market: components['schemas']['MarketDetail'];
    };
    OpenApiDocument: Record<string, never>;
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listThreads: {
    parameters: {
      query: {
        /** @description Thread status. */
        status?: 'active' | 'upcoming' | 'completed' | 'resolved' | 'cancelled' | 'paused';
        /** @description Category. */
        category?: string;
        /** @description Comma-separated tags (at most 20); threads carrying at least one of them. */
        tags?: string[];
        /** @description Page size (1-100). */
        limit: number;
        /** @description Rows to skip. */
        offset: number;
        /** @description Sort field (ties by id). */
        sortBy: 'created_at' | 'updated_at' | 'total_volume' | 'market_count' | 'title';
        /** @description Sort direction. */
        sortOrder: 'asc' | 'desc';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of threads. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadListResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getThread: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thread. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadDetailResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description THREAD_NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listThreadMarkets: {
    parameters: {
      query: {
        /** @description Market status. */
        status?: 'active' | 'resolved' | 'cancelled' | 'paused';
        /** @description Page size (1-100). */
        limit: number;
        /** @description Rows to skip. */
        offset: number;
        /** @description Sort field (ties by id). */
        sortBy: 'created_at' | 'total_volume' | 'current_probability' | 'title';
        /** @description Sort direction. */
        sortOrder: 'asc' | 'desc';
      };
      header?: never;
      path: {
        /** @description The thread id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of markets. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadMarketsResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description THREAD_NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listThreadChapters: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The chapters. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadChaptersResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listThreadSocialLinks: {
    parameters: {
      query: {
        /** @description USD, at most 2 decimals. */
        amount: number;
      };
      header?: never;
      path: {
        /** @description The thread id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The links. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadSocialLinksResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description THREAD_NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getOrganization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The organization id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The organization. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOrganizationThreads: {
    parameters: {
      query: {
        /** @description Thread status. */
        status?: 'active' | 'upcoming' | 'completed' | 'resolved' | 'cancelled' | 'paused';
        /** @description Category. */
        category?: string;
        /** @description Comma-separated tags (at most 20); threads carrying at least one of them. */
        tags?: string[];
        /** @description Page size (1-100). */
        limit: number;
        /** @description Rows to skip. */
        offset: number;
        /** @description Sort field (ties by id). */
        sortBy: 'created_at' | 'updated_at' | 'total_volume' | 'market_count' | 'title';
        /** @description Sort direction. */
        sortOrder: 'asc' | 'desc';
      };
      header?: never;
      path: {
        /** @description The organization id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of threads. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadListResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPartner: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The partner id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The partner. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartnerResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPartnerThreads: {
    parameters: {
      query: {
        /** @description Thread status. */
        status?: 'active' | 'upcoming' | 'completed' | 'resolved' | 'cancelled' | 'paused';
        /** @description Category. */
        category?: string;
        /** @description Comma-separated tags (at most 20); threads carrying at least one of them. */
        tags?: string[];
        /** @description Page size (1-100). */
        limit: number;
        /** @description Rows to skip. */
        offset: number;
        /** @description Sort field (ties by id). */
        sortBy: 'created_at' | 'updated_at' | 'total_volume' | 'market_count' | 'title';
        /** @description Sort direction. */
        sortOrder: 'asc' | 'desc';
      };
      header?: never;
      path: {
        /** @description The partner id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of threads. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadListResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description NOT_FOUND: unknown id. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listMarkets: {
    parameters: {
      query: {
        /** @description active = OPEN, paused = FROZEN, resolved = RESOLVED, cancelled and refunded = CANCELLED, all = any. */
        status: 'active' | 'paused' | 'resolved' | 'cancelled' | 'refunded' | 'all';
        /** @description Category. */
        category?: string;
        /** @description Page size (1-100). */
        limit: number;
        /** @description Rows to skip. */
        offset: number;
        /** @description Sort field (ties by id). */
        sortBy: 'created_at' | 'total_volume' | 'current_probability' | 'title' | 'end_time';
        /** @description Sort direction. */
        sortOrder: 'asc' | 'desc';
        /** @description Thread id. */
        threadId?: string;
        /** @description Alias of threadId (must agree when both are given). */
        thread_id?: string;
        /** @description Organization id. */
        organizationId?: string;
        /** @description Partner id. */
        partnerId?: string;
        /** @description Chapter id. */
        chapterId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of markets. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarketListResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTrendingMarkets: {
    parameters: {
      query: {
        /** @description Activity window. */
        timeframe: '1d' | '7d' | '30d';
        /** @description Page size (1-50). */
        limit: number;
        /** @description Category. */
        category?: string;
        /** @description Minimum totalVolume, in cents (at most 2 decimals). */
        minVolume?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ranked markets. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TrendingResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listFeaturedMarkets: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Featured markets. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FeaturedResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMarket: {
    parameters: {
      query: {
        /** @description Include the price history (≤ 100 points). */
        history: boolean;
        /** @description Include recent trades. */
        trades: boolean;
        /** @description Recent trades (with trades=true). */
        trades_limit: number;
      };
      header?: never;
      path: {
        /** @description The market id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The market. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarketDetailResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown market: the body has only `error`. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorOnly'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMarketQuote: {
    parameters: {
      query: {
        /** @description 0 to outcomes − 1 (binary: 0 = YES, 1 = NO); beyond the market's outcomes is a 400 ValidationError. */
        outcomeIndex: number;
        /** @description Trade direction. */
        action: 'buy' | 'sell';
        /** @description Positive integer below 2^256: buy in USDC atomic-6, sell in tokens WAD-18. */
        amount: string;
      };
      header?: never;
      path: {
        /** @description The market id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The quote, from the market contract's views. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description `public, max-age=<seconds left of the 10 s cache entry>`. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QuoteResponse'];
        };
      };
      /** @description `error` = ValidationError: invalid parameters (e.g. amount not greater than zero). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `error` = NotFoundError: unknown market (or no contract on this chain). */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: the chain, MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMarketSocialLink: {
    parameters: {
      query: {
        /** @description Prediction side. */
        side: 'yes' | 'no';
        /** @description USD, at most 2 decimals. */
        amount: number;
      };
      header?: never;
      path: {
        /** @description The market id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarketSocialLinkResponse'];
        };
      };
      /** @description INVALID_SIDE (side missing or not yes/no) or INVALID_REQUEST (other parameters). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description MARKET_NOT_FOUND: unknown or not active. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOrganizationMarkets: {
    parameters: {
      query: {
        /** @description active = OPEN, paused = FROZEN, resolved = RESOLVED, cancelled and refunded = CANCELLED, all = any. */
        status: 'active' | 'paused' | 'resolved' | 'cancelled' | 'refunded' | 'all';
        /** @description Category. */
        category?: string;
        /** @description Page size (1-100). */
        limit: number;
        /** @description Rows to skip. */
        offset: number;
        /** @description Sort field (ties by id). */
        sortBy: 'created_at' | 'total_volume' | 'current_probability' | 'title' | 'end_time';
        /** @description Sort direction. */
        sortOrder: 'asc' | 'desc';
      };
      header?: never;
      path: {
        /** @description The organization id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of markets. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationMarketsResponse'];
        };
      };
      /** @description INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description NOT_FOUND: unknown organization. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  streamMarket: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The market id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An open stream of `snapshot`, `update` and `heartbeat` events. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description INVALID_REQUEST: an unknown or repeated query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown market: the body has only `error`. */
      404: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorOnly'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description INTERNAL_ERROR: an unexpected failure; the body quotes only `requestId`, for support. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). DEPENDENCY_UNAVAILABLE: MySQL or Redis cannot be reached; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getOpenApi: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OpenAPI 3.1 document. */
      200: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenApiDocument'];
        };
      };
      /** @description INVALID_REQUEST: an unknown or repeated query parameter (named in `message`). */
      400: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description RATE_LIMIT_EXCEEDED: per-client limit exceeded (`retryAfter` in seconds, Retry-After). */
      429: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description ROUTE_DISABLED: the operators switched this route off (`extensions.route` names it). */
      503: {
        headers: {
          /** @description Requests allowed in the window. */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the window. */
          'X-RateLimit-Remaining'?: number;
          /** @description End of the window, epoch MILLISECONDS. */
          'X-RateLimit-Reset'?: number;
          /** @description Always `*`. */
          'Access-Control-Allow-Origin'?: '*';
          /** @description Seconds to wait before retrying. */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
