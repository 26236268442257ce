/** The current version label of the trading API: every /v1 response carries it, and events are pinned to it. */
export const CURRENT_API_VERSION = '2026-04-29';
