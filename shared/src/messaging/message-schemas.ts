import { z } from 'zod';
import { EXCHANGES, type ExchangeName } from './topology.js';

/**
 * Message bodies, validated on both sides: the outbox checks a payload before writing it, consumers check it
 * again on receipt. Messages carry ids only; consumers read the current state from MySQL.
 */
export const tradeJobSchema = z.object({ tradeId: z.uuid() });
export type TradeJob = z.infer<typeof tradeJobSchema>;

export const redemptionJobSchema = z.object({ redemptionId: z.uuid() });
export type RedemptionJob = z.infer<typeof redemptionJobSchema>;

export const webhookEventMessageSchema = z.object({
  eventId: z.string().regex(/^evt_[0-9A-Za-z]+$/, 'must be an evt_ id'),
  apiKeyId: z.uuid(),
});
export type WebhookEventMessage = z.infer<typeof webhookEventMessageSchema>;

/** The one schema for each exchange: what may be published to it and what its queues receive. */
export const messageSchemas = {
  [EXCHANGES.trades]: tradeJobSchema,
  [EXCHANGES.redemptions]: redemptionJobSchema,
  [EXCHANGES.events]: webhookEventMessageSchema,
} as const satisfies Record<ExchangeName, z.ZodType>;

export type MessageOf<E extends ExchangeName> = z.infer<(typeof messageSchemas)[E]>;
