import { z } from 'zod';
import { EXCHANGES, type ExchangeName } from './topology.js';

/**
 * Message bodies, validated on both sides: the outbox checks a payload before writing it, consumers check it
 * again on receipt. Messages carry ids only; consumers read the current state from MySQL.
 */
export const tradeJobSchema = z.object({ tradeId: z.uuid() });
export type TradeJob = z.infer<typeof tradeJobSchema>;

export const redemptionJobSchema = z.object({ redemptionId: z.uuid() });

export const webhookEventMessageSchema = z.object({
  eventId: z.string().regex(/^evt_[0-9A-Za-z]+$/, 'must be an evt_ id'),
  apiKeyId: z.uuid(),
});

/**
 * A live notice (decision 0022): "something changed, read MySQL". Routing key `trade.<apiKeyId>` for a trade step
 * of that key (with the event's `seq` when one was recorded), `market.<marketId>` for an indexed market change.
 */
export const streamNoticeSchema = z.object({
  apiKeyId: z.uuid().optional(),
  tradeId: z.uuid().optional(),
  seq: z.number().int().positive().optional(),
  marketId: z.string().min(1).max(64).optional(),
});
export type StreamNotice = z.infer<typeof streamNoticeSchema>;

/** The one schema for each exchange: what may be published to it and what its queues receive. */
export const messageSchemas = {
  [EXCHANGES.trades]: tradeJobSchema,
  [EXCHANGES.redemptions]: redemptionJobSchema,
  [EXCHANGES.events]: webhookEventMessageSchema,
  [EXCHANGES.streams]: streamNoticeSchema,
} as const satisfies Record<ExchangeName, z.ZodType>;

export type MessageOf<E extends ExchangeName> = z.infer<(typeof messageSchemas)[E]>;
