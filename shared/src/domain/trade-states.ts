/** Trade statuses (spec/trading-api.md "States and transitions") and the groups the rules use. */
export const tradeStatuses = [
  'pending_confirmation',
  'pending',
  'validating',
  'executing',
  'completed',
  'failed',
  'rejected',
] as const;
export type TradeStatus = (typeof tradeStatuses)[number];
export const tradeSides = ['buy', 'sell'] as const;
export type TradeSide = (typeof tradeSides)[number];

/** Not finished yet: their buys still hold the account's USDC. */
export const inFlightStatuses: readonly TradeStatus[] = ['pending_confirmation', 'pending', 'validating', 'executing'];
export const terminalStatuses: readonly TradeStatus[] = ['completed', 'failed', 'rejected'];
/** Statuses whose buys draw on the daily cap (DESIGN.md §6: every status but failed and rejected). */
export const dailyCapStatuses: readonly TradeStatus[] = [...inFlightStatuses, 'completed'];

export function isTerminalStatus(status: TradeStatus): boolean {
  return terminalStatuses.includes(status);
}
