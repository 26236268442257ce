/*
 * <foretell-market market-id="…">: one market of the public read API, live. Attributes: `market-id` (required),
 * `partner-id` / `organization-id` (take that partner's, else organization's colour), `accent` (a #hex colour that
 * wins over both), `theme` (`light` / `dark`; default: the reader's prefers-color-scheme). Every request goes to
 * `apiOrigin`, the origin the script was loaded from.
 */
import { brandColourOf, pickAccent } from './accent.js';
import { openMarketFeed, type MarketFeed } from './market-feed.js';
import { extendHistory, historyOf, marketViewOf, type MarketView } from './market-view.js';
import { createWidgetDom, type WidgetDom } from './widget-dom.js';
import { widgetStyleSheet } from './widget-styles.js';

class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'omit', signal });
  if (!response.ok) throw new HttpStatusError(response.status);
  return response.json();
}

const ignore = (): void => undefined;

/** `apiOrigin` null: the script's origin is unknown, and every element shows an error instead of loading. */
export function defineForetellMarket(apiOrigin: string | null, name = 'foretell-market'): void {
  if (customElements.get(name)) return;
  const api = (path: string): string => `${apiOrigin}/api/${path}`;

  class ForetellMarketElement extends HTMLElement {
    static readonly observedAttributes = ['market-id', 'partner-id', 'organization-id', 'accent'];
    readonly #dom: WidgetDom;
    #feed: MarketFeed | undefined;
    #aborts: AbortController | undefined;
    #history: number[] = [];
    #view: MarketView | undefined;
    #brandColour: string | null = null;

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [widgetStyleSheet()];
      this.#dom = createWidgetDom(root);
    }

    connectedCallback(): void {
      this.#scheduleStart();
    }

    disconnectedCallback(): void {
      this.#stop();
    }

    attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
      if (!this.isConnected || previous === next) return;
      if (name === 'accent') this.#dom.setAccent(pickAccent(next, this.#brandColour, null));
      else this.#scheduleStart();
    }

    #startPending = false;

    /**
     * Starts once for all the callbacks of one turn: an element upgraded after the page parsed (the snippet loads
     * the script async) gets one attributeChangedCallback per attribute and then connectedCallback, which would
     * otherwise open and drop a stream, a history read and branding reads each.
     */
    #scheduleStart(): void {
      if (this.#startPending) return;
      this.#startPending = true;
      queueMicrotask(() => {
        this.#startPending = false;
        if (this.isConnected) this.#start();
      });
    }

    #stop(): void {
      this.#feed?.close();
      this.#feed = undefined;
      this.#aborts?.abort();
      this.#aborts = undefined;
    }

    #start(): void {
      this.#stop();
      const marketId = this.getAttribute('market-id')?.trim();
      if (!marketId) {
        this.#dom.setError('No market to show: set the market-id attribute.');
        return;
      }
      if (apiOrigin === null) {
        this.#dom.setError('Cannot load the market: load this widget from its own /embed/widget.js URL.');
        return;
      }
      this.#dom.setError(null);
      // Another market (or the same one again): nothing of what was shown carries over.
      this.#view = undefined;
      this.#history = [];
      this.#dom.setConnection('connecting');
      const aborts = new AbortController();
      this.#aborts = aborts;
      const id = encodeURIComponent(marketId);
      void this.#loadBranding(aborts.signal);
      void this.#loadHistory(id, aborts.signal);
      this.#feed = openMarketFeed(api(`markets/${id}/stream`), {
        onMarket: (view, afterGap) => {
          this.#show(view);
          // Only the stream says the prices are live; a history answer says nothing of the stream.
          this.#dom.setConnection('live');
          // States missed while disconnected are gone from the stream, not from the history endpoint.
          if (afterGap) void this.#loadHistory(id, aborts.signal);
        },
        onStale: (stale) => this.#dom.setConnection(stale ? 'stale' : 'live'),
      });
    }

    #show(view: MarketView): void {
      this.#view = view;
      this.#dom.setError(null);
      this.#dom.renderMarket(view);
      this.#history = extendHistory(this.#history, view);
      this.#dom.renderHistory(this.#history, view.outcomes[0]?.label ?? '');
    }

    async #loadHistory(id: string, signal: AbortSignal): Promise<void> {
      try {
        const body = await getJson(api(`markets/${id}?history=true`), signal);
        const view = marketViewOf(body);
        if (!view) return;
        this.#history = historyOf(body);
        // The stream may already have delivered a newer state than this response.
        this.#show(this.#view ?? view);
      } catch (error) {
        if (error instanceof HttpStatusError && error.status === 404) {
          this.#stop();
          this.#dom.setError('This market does not exist.');
        }
      }
    }

    async #loadBranding(signal: AbortSignal): Promise<void> {
      const partnerId = this.getAttribute('partner-id')?.trim();
      const organizationId = this.getAttribute('organization-id')?.trim();
      const [partner, organization] = await Promise.all([
        partnerId ? getJson(api(`partners/${encodeURIComponent(partnerId)}`), signal).catch(ignore) : undefined,
        organizationId
          ? getJson(api(`organizations/${encodeURIComponent(organizationId)}`), signal).catch(ignore)
          : undefined,
      ]);
      if (signal.aborted) return;
      this.#brandColour = brandColourOf(partner, 'partner') ?? brandColourOf(organization, 'organization');
      this.#dom.setAccent(pickAccent(this.getAttribute('accent'), this.#brandColour, null));
    }
  }

  customElements.define(name, ForetellMarketElement);
}
