import type { ConfirmChannel, Options } from 'amqplib';

/** A confirm channel plus the reply code the broker gave if it closed the channel (e.g. 404 unknown exchange). */
export interface PublishChannel {
  channel: ConfirmChannel;
  brokerCloseCode: number | undefined;
}

/**
 * - `confirmed`: the broker has taken responsibility for the message (persisted to the quorum queues).
 * - `refused`: the broker nacked it, or closed the channel because of it (unknown exchange, access refused), or
 *   amqplib could not encode it; sending it again would not help.
 * - `timeout`: no confirm before the deadline; the message may or may not have been taken.
 * A channel or connection lost before the confirm rejects instead, so the caller can send again elsewhere.
 */
export type PublishOutcome = 'confirmed' | 'refused' | 'timeout';

/** AMQP channel-level ("soft") error codes: the broker blames the operation, not the connection. */
const SOFT_ERROR_CODES = new Set([311, 312, 313, 403, 404, 405, 406]);

export function isSoftErrorCode(code: number | undefined): boolean {
  return code !== undefined && SOFT_ERROR_CODES.has(code);
}

/** Persistent JSON publish on a confirm channel, settled by the broker's confirm, a close, or the deadline. */
export function publishWithConfirm(
  target: PublishChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  properties: { messageId: string; headers: Record<string, unknown> | undefined },
  deadline: number,
): Promise<PublishOutcome> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: PublishOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => settle('timeout'), Math.max(0, deadline - Date.now()));
    const publishOptions: Options.Publish = {
      persistent: true,
      contentType: 'application/json',
      contentEncoding: 'utf-8',
      messageId: properties.messageId,
      timestamp: Math.floor(Date.now() / 1000),
      ...(properties.headers ? { headers: properties.headers } : {}),
    };
    try {
      target.channel.publish(exchange, routingKey, content, publishOptions, (err: unknown) => {
        if (!err) return settle('confirmed');
        if (err instanceof Error && err.message === 'message nacked') return settle('refused');
        if (isSoftErrorCode(target.brokerCloseCode)) return settle('refused');
        settle(err instanceof Error ? err : new Error(String(err)));
      });
    } catch (err) {
      // IllegalOperationError: the channel closed between our check and the send; try again on a new one.
      // Anything else (e.g. a RangeError for oversized headers) would fail the same way again.
      if (err instanceof Error && err.name === 'IllegalOperationError') settle(err);
      else settle('refused');
    }
  });
}
