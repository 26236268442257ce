/**
 * Waiting reads (RFC 7240 `Prefer: wait=N` with `If-None-Match`, decision 0022): when the representation still
 * matches the client's ETag, the answer waits until a notice about the resource brings a different one (200 with
 * the new ETag) or the wait ends (304). Nothing runs per waiting request but a timer and a hub subscription; each
 * notice re-renders once (coalesced).
 */
import type { Request, Response } from 'express';
import { coalescedTask } from '#shared/streams/coalesced-task.js';
import { whenResponseClosed } from '#shared/streams/sse-writer.js';
import type { NoticeHub } from '#shared/streams/notice-hub.js';
import type { Logger } from '#shared/logger/logger.js';
import { typedInput, type OperationInput } from '#shared/http/request-validator.js';
import type { operations } from '../openapi/generated/trading-api.js';
import type { OperationDescriptor } from '../openapi/operations.js';
import { etagOf as sharedEtagOf, jsonOf } from '#shared/http/respond.js';
import { respondV1, type HandlerResult, type TradingOperationId } from './operation-handler.js';
import type { ValidatedInput } from './operation-handler.js';
import { matchesIfNoneMatch } from '#shared/http/conditional-get.js';

/** The wait a `Prefer` header asks for, in seconds (capped at `max`), or null without a valid `wait`. */
export function requestedWaitSeconds(prefer: string | undefined, max: number): number | null {
  if (!prefer) return null;
  for (const preference of prefer.split(/[,;]/)) {
    const match = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*$/i.exec(preference);
    if (match) return Math.min(Number(match[1]), max);
  }
  return null;
}

export interface WaitingReads {
  hub: NoticeHub;
  logger: Logger;
  maxWaitSeconds: number;
  /** operationId → the hub topic of the resource a request reads (null: not waitable). */
  topics: Record<string, (input: ValidatedInput) => string | null>;
  /** Waits in progress: answered at once on shutdown. */
  pending: Set<() => void>;
  /** Set on shutdown: a read asking to wait while the replica drains is answered at once, not held. */
  closing?: boolean;
}

/** The topic function of operation `Id`, written against its typed input like typedHandler (decision 0026). */
export function typedTopic<Id extends TradingOperationId>(
  topicOf: (input: OperationInput<operations[Id]>) => string | null,
): (input: ValidatedInput) => string | null {
  return (input) => topicOf(typedInput<operations[Id]>(input));
}

export interface WaitingReadRequest {
  req: Request;
  res: Response;
  operation: OperationDescriptor;
  context: { apiKeyId: string; requestId: string; now: Date };
  topic: string;
  seconds: number;
  render(): HandlerResult | Promise<HandlerResult>;
  now(): number;
}

const etagOf = (request: WaitingReadRequest, result: HandlerResult): string =>
  sharedEtagOf(
    request.req,
    { routeId: request.operation.routeId, caller: request.context.apiKeyId },
    jsonOf(result.body),
  );

/**
 * Answers `first` at once unless it is a 200 still matching If-None-Match; then waits as described above.
 * `Preference-Applied: wait=N` tells the client its wait was honoured.
 */
export async function answerWaitingRead(
  waits: WaitingReads,
  request: WaitingReadRequest,
  first: HandlerResult,
): Promise<void> {
  const { req, res, operation } = request;
  const send = (result: HandlerResult): void =>
    respondV1(req, res, operation.routeId, { ...request.context, now: new Date(request.now()) }, result);
  if (waits.closing) {
    send(first);
    return;
  }
  res.setHeader('Preference-Applied', `wait=${request.seconds}`);
  const ifNoneMatch = req.get('if-none-match');
  if (first.status !== 200 || !ifNoneMatch || !matchesIfNoneMatch(ifNoneMatch, etagOf(request, first))) {
    send(first);
    return;
  }
  let latest = first;
  let done = false;
  const finish = (result: HandlerResult): void => {
    if (done) return;
    done = true;
    cleanup();
    if (!res.writableEnded && !res.destroyed) send(result);
  };
  const rerender = coalescedTask(
    async () => {
      latest = await request.render();
      if (latest.status !== 200 || !matchesIfNoneMatch(ifNoneMatch, etagOf(request, latest))) finish(latest);
    },
    (err) => waits.logger.warn({ event: 'streams.wait_render_failed', err }, 'waiting read re-render failed'),
  );
  const unsubscribe = waits.hub.subscribe(request.topic, rerender.request);
  const answerNow = (): void => finish(latest);
  const cleanup = (): void => {
    unsubscribe();
    rerender.stop();
    clearTimeout(timer);
    waits.pending.delete(answerNow);
  };
  waits.pending.add(answerNow);
  const timer = setTimeout(() => {
    // One last look (a notice could have been lost), then 304 or the new representation.
    void (async () => {
      try {
        latest = await request.render();
      } finally {
        finish(latest);
      }
    })().catch(() => undefined);
  }, request.seconds * 1000);
  // A client gone already (during the first render) or later: nothing stays subscribed or timed for it.
  whenResponseClosed(res, () => {
    done = true;
    cleanup();
  });
  if (done) return;
  // A change committed between the first render and the subscription: look once more now that we listen.
  rerender.request();
}
