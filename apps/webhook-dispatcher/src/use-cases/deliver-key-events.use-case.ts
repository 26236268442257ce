/*
 * Delivers one API key's events in order (FIFO per key, never overlapping): under the key's lease, take the key's
 * oldest open event; if it is due, POST it (signed), record the attempt, and go on with the next one while events
 * get delivered or terminally failed. It stops when the key has nothing due: the head waits for a retry, its
 * endpoint's breaker is open (the head is postponed without spending an attempt), or the key is drained. After
 * releasing the lease it looks once more, so an event recorded while another replica held the lease is not left
 * waiting for the sweep.
 */
import {
  findNextOpenEventOfKey,
  findWebhookSettingsOfKey,
  postponeOpenEvent,
  recordDeliveryAttempt,
  type OpenWebhookEvent,
  type WebhookSettings,
} from '../../../../shared/src/db/index.js';
import { classifyAttempt, failureCodeOfStatus, nextRetryDelayMs } from '../../../../shared/src/webhooks/index.js';
import type { DispatcherDeps } from '../delivery/dispatcher-deps.js';
import { signedDelivery } from '../delivery/signed-delivery.js';

export type KeyDrainResult = 'busy' | 'drained' | 'waiting' | 'paused' | 'lease_lost';

/** Most events one lease delivers before letting go (another replica may take the key next). */
const EVENTS_PER_LEASE = 200;

export async function deliverKeyEvents(deps: DispatcherDeps, apiKeyId: string): Promise<KeyDrainResult> {
  for (;;) {
    const lease = await deps.leases.acquire(apiKeyId);
    if (!lease) return 'busy';
    let result: KeyDrainResult;
    try {
      result = await deliverUnderLease(deps, apiKeyId, () => lease.renew());
    } finally {
      await lease.release();
    }
    if (result !== 'drained') return result;
    const head = await findNextOpenEventOfKey(deps.db, apiKeyId);
    if (!head || head.nextAttemptAt.getTime() > deps.now().getTime()) return result;
  }
}

async function deliverUnderLease(
  deps: DispatcherDeps,
  apiKeyId: string,
  renew: () => Promise<boolean>,
): Promise<KeyDrainResult> {
  let settings: WebhookSettings | null | undefined;
  for (let delivered = 0; delivered < EVENTS_PER_LEASE; delivered += 1) {
    if (delivered > 0 && !(await renew())) return 'lease_lost';
    const head = await findNextOpenEventOfKey(deps.db, apiKeyId);
    if (!head) return 'drained';
    if (head.nextAttemptAt.getTime() > deps.now().getTime()) return 'waiting';
    settings ??= await findWebhookSettingsOfKey(deps.db, apiKeyId);
    const step = await attemptEvent(deps, head, settings);
    if (step !== 'next') return step;
  }
  return 'drained';
}

async function attemptEvent(
  deps: DispatcherDeps,
  event: OpenWebhookEvent,
  settings: WebhookSettings | null,
): Promise<'next' | 'waiting' | 'paused' | 'lease_lost'> {
  const url = settings?.webhookUrl ?? null;
  const manual = event.redeliveryRequested;
  if (url) {
    const admission = await deps.breaker.admit(url, deps.now().getTime());
    if (admission.kind === 'open') {
      await postponeOpenEvent(deps.db, event.apiKeyId, event.id, new Date(admission.retryAt));
      deps.observer.paused(event, url, admission.retryAt);
      return 'paused';
    }
  }
  const startedAt = deps.now();
  const answer = url
    ? await deps.poster.post(url, ...signedDelivery(deps, event, settings as WebhookSettings, startedAt))
    : { statusCode: null, failureCode: 'WEBHOOK_NOT_CONFIGURED' as const, message: 'the key has no webhook URL' };
  const finishedAt = deps.now();
  const failureCode = answer.failureCode ?? failureCodeOfStatus(answer.statusCode ?? 0);
  const verdict = classifyAttempt(
    answer.statusCode !== null
      ? { statusCode: answer.statusCode }
      : { failureCode: answer.failureCode ?? 'NETWORK_ERROR' },
  );
  const retryDelay = verdict === 'retry' && !manual ? nextRetryDelayMs(event.attempts + 1, deps.random) : null;
  const outcome = verdict === 'delivered' ? 'delivered' : retryDelay === null ? 'failed' : 'retry';
  const recorded = await deps.db.transaction((trx) =>
    recordDeliveryAttempt(trx, event.apiKeyId, event.id, {
      attemptsBefore: event.attempts,
      triggeredBy: manual ? 'manual' : 'schedule',
      url: url ?? '',
      startedAt,
      finishedAt,
      statusCode: answer.statusCode,
      failureCode,
      errorMessage: verdict === 'delivered' ? null : answer.message,
      outcome,
      nextAttemptAt: retryDelay === null ? null : new Date(finishedAt.getTime() + retryDelay),
    }),
  );
  if (url && verdict !== 'fail') {
    const transition = await deps.breaker.record(url, verdict === 'delivered', finishedAt.getTime());
    if (transition) deps.observer.breaker(url, transition);
  }
  if (!recorded) return 'lease_lost';
  deps.observer.attempted(event, {
    outcome,
    statusCode: answer.statusCode,
    failureCode,
    durationMs: finishedAt.getTime() - startedAt.getTime(),
  });
  return outcome === 'retry' ? 'waiting' : 'next';
}
