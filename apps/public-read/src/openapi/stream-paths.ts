/* OpenAPI path of the live market stream (decision 0022). */
import { errorResponse, getOperation, idParam } from './operation-helpers.js';
import type { OpenApiSettings } from './document-settings.js';
import type { JsonSchema } from './schema-helpers.js';

export const streamSchemas: Record<string, JsonSchema> = {
  MarketStreamEvent: {
    type: 'object',
    description: 'The `data` of a `snapshot` or `update` event: the market as GET /api/markets/{id} shows it.',
    required: ['market'],
    additionalProperties: false,
    properties: { market: { $ref: '#/components/schemas/MarketDetail' } },
  },
};

/** The stream path; the per-address cap is MARKET_STREAM_MAX_PER_IP. */
export const streamPaths = (settings: OpenApiSettings): Record<string, JsonSchema> => ({
  '/api/markets/{id}/stream': getOperation({
    operationId: 'streamMarket',
    summary: "A market's live prices, probabilities, volume and status (Server-Sent Events)",
    description:
      'Server-Sent Events for embeds: `event: snapshot` at once, then `event: update` whenever the indexer records ' +
      'a trade or a status change of the market (each `data` is a MarketStreamEvent). A `retry:` hint comes first ' +
      'and, every 15 s, a `: keep-alive` comment plus an `event: heartbeat` with `data: {}` (EventSource hides ' +
      'comments; a client that sees neither an event nor a heartbeat for longer may treat the connection as dead). ' +
      'Updates carry the whole current state, so a client that reconnects ' +
      `simply starts from the new snapshot. At most ${settings.marketStreamMaxPerIp} open streams per client ` +
      'address (MARKET_STREAM_MAX_PER_IP; 429 beyond, whose `retryAfter` and Retry-After say when the oldest ' +
      "of the address's stream leases would lapse: at most 45 s, or at once after closing a stream); a client " +
      'that stops reading is disconnected. Example: ' +
      "`new EventSource('/api/markets/<id>/stream').addEventListener('update', (e) => render(JSON.parse(e.data)))`.",
    tags: ['Markets'],
    parameters: [idParam('market')],
    responses: {
      '200': {
        description: 'An open stream of `snapshot`, `update` and `heartbeat` events.',
        content: {
          'text/event-stream': {
            schema: {
              type: 'string',
              description: 'Server-Sent Events; each `data` is a MarketStreamEvent (contentSchema).',
              contentSchema: { $ref: '#/components/schemas/MarketStreamEvent' },
            },
          },
        },
      },
      '400': errorResponse('INVALID_REQUEST: an unknown or repeated query parameter (named in `message`).'),
      '404': errorResponse('Unknown market: the body has only `error`.', 'ErrorOnly'),
    },
  }),
});
