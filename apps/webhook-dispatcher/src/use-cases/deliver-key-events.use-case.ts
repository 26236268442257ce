/*
 * Delivers one API key's events in order (FIFO per key, never overlapping): under the key's lease, read the key's
 * oldest open events (a batch), POST them one after another (signed) while they are delivered or fail for good, and
 * record the batch's attempts in one transaction. It stops when the key has nothing due: the head waits for a retry,
 * its endpoint's breaker is open (the head is postponed without spending an attempt), or the key is drained. After
 * releasing the lease it looks again when a wake found the key held meanwhile (the lease says so), so an event
 * recorded while it held the lease is not left waiting for the sweep. A crash between a POST and its record means the event is delivered again (at least once).
 */
import {
  listOpenEventsOfKey,
  postponeOpenEvent,
  type EventAttempt,
  type OpenWebhookEvent,
} from '#shared/db/webhook-events/webhook-deliveries.repository.js';
import { recordDeliveryAttempts } from '../db/webhook-attempts/webhook-attempts.repository.js';
import {
  classifyAttempt,
  failureCodeOfStatus,
  nextRetryDelayMs,
  type AttemptVerdict,
} from '../delivery/delivery-schedule.js';
import type { DispatcherDeps } from '../delivery/dispatcher-deps.js';
import type { KeyLease } from '../delivery/key-lease.js';
import { signedDelivery, signingSecrets, SigningSecretUnavailable } from '../delivery/signed-delivery.js';

export type KeyDrainResult = 'busy' | 'drained' | 'waiting' | 'paused' | 'lease_lost' | 'yielded';

/** Events read, delivered and recorded together (one query and one transaction per batch). */
const BATCH_SIZE = 25;
/**
 * Most events one lease delivers before letting go: the key is then left to the sweep (any replica), so one busy
 * key does not hold a consumer slot for ever.
 */
const EVENTS_PER_LEASE = 200;
/** A key whose secret cannot be opened (a deployment misconfiguration) is tried again this much later. */
const SECRET_UNAVAILABLE_PAUSE_MS = 60_000;

export async function deliverKeyEvents(deps: DispatcherDeps, apiKeyId: string): Promise<KeyDrainResult> {
  for (;;) {
    const lease = await deps.leases.acquire(apiKeyId);
    if (!lease) return 'busy';
    let result: KeyDrainResult;
    let wokenWhileHeld: boolean;
    try {
      result = await deliverUnderLease(deps, apiKeyId, lease);
    } finally {
      wokenWhileHeld = await lease.release();
    }
    if (result !== 'drained' || !wokenWhileHeld) return result;
  }
}

/** The secrets a delivery of the key is signed with now, or why they cannot be opened. */
async function currentSecrets(deps: DispatcherDeps, apiKeyId: string): Promise<string[] | SigningSecretUnavailable> {
  const settings = await deps.webhookSettings(apiKeyId);
  if (!settings) return [];
  try {
    return signingSecrets(deps, settings, deps.now());
  } catch (error) {
    if (error instanceof SigningSecretUnavailable) return error;
    throw error;
  }
}

const isDue = (deps: DispatcherDeps, event: OpenWebhookEvent) => event.nextAttemptAt.getTime() <= deps.now().getTime();

async function deliverUnderLease(deps: DispatcherDeps, apiKeyId: string, lease: KeyLease): Promise<KeyDrainResult> {
  for (let sent = 0; sent < EVENTS_PER_LEASE;) {
    const events = await listOpenEventsOfKey(deps.db, apiKeyId, BATCH_SIZE);
    const head = events[0];
    if (!head) return 'drained';
    if (!isDue(deps, head)) return 'waiting';
    // The URL never changes after issuance; the secrets are read again for every delivery (below).
    const url = (await deps.webhookSettings(apiKeyId))?.webhookUrl ?? null;
    let probe = false;
    if (url) {
      const admission = await deps.breaker.admit(url, deps.now().getTime());
      if (admission.kind === 'open') {
        await postponeOpenEvent(deps.db, apiKeyId, head.id, new Date(admission.retryAt));
        deps.observer.paused(head, url, admission.retryAt);
        return 'paused';
      }
      probe = admission.kind === 'probe';
    }
    const attempts: Array<{ event: OpenWebhookEvent; attempt: EventAttempt; verdict: AttemptVerdict }> = [];
    for (const event of events) {
      if (!isDue(deps, event) || (attempts.length > 0 && !(await lease.keepAlive()))) break;
      // The key's secrets as they are now (settings cached for a second): a rotation reaches the next delivery.
      const secrets = url ? await currentSecrets(deps, apiKeyId) : [];
      if (secrets instanceof SigningSecretUnavailable) {
        if (attempts.length > 0) break;
        const retryAt = deps.now().getTime() + SECRET_UNAVAILABLE_PAUSE_MS;
        await postponeOpenEvent(deps.db, apiKeyId, head.id, new Date(retryAt));
        deps.observer.secretUnavailable(head, secrets.message, retryAt);
        return 'paused';
      }
      const made = await attemptEvent(deps, event, url, secrets);
      attempts.push({ event, ...made });
      if (made.attempt.outcome === 'retry' || probe) break;
    }
    const recorded = await recordDeliveryAttempts(
      deps.db,
      apiKeyId,
      attempts.map((entry) => entry.attempt),
    );
    if (url) {
      // The endpoint answered (2xx, or a 4xx that fails the event): it is up, whatever the event's fate.
      const successes = attempts.filter(
        (entry) => entry.attempt.statusCode !== null && entry.verdict !== 'retry',
      ).length;
      const failed = attempts.at(-1)?.verdict === 'retry';
      const transition = await deps.breaker.record(url, { successes, failed }, deps.now().getTime());
      if (transition) deps.observer.breaker(url, transition);
    }
    if (!recorded) return 'lease_lost';
    for (const { event, attempt } of attempts) deps.observer.attempted(event, attempt);
    sent += attempts.length;
    if (attempts.at(-1)?.attempt.outcome === 'retry') return 'waiting';
    // A short batch was the key's whole backlog: what arrived since is found by the look after the release.
    if (events.length < BATCH_SIZE && attempts.length === events.length) return 'drained';
    if (!(await lease.keepAlive())) return 'lease_lost';
  }
  return 'yielded';
}

/** One POST of `event` and what to record of it. */
async function attemptEvent(
  deps: DispatcherDeps,
  event: OpenWebhookEvent,
  url: string | null,
  secrets: readonly string[],
): Promise<{ attempt: EventAttempt; verdict: AttemptVerdict }> {
  const manual = event.redeliveryRequested;
  const startedAt = deps.now();
  const answer = url
    ? await deps.poster.post(url, ...signedDelivery(deps, event, secrets, startedAt))
    : { statusCode: null, failureCode: 'WEBHOOK_NOT_CONFIGURED' as const, message: 'the key has no webhook URL' };
  const finishedAt = deps.now();
  const verdict = classifyAttempt(
    answer.statusCode !== null
      ? { statusCode: answer.statusCode }
      : { failureCode: answer.failureCode ?? 'NETWORK_ERROR' },
  );
  // A manual redelivery is one attempt: it never starts the schedule again.
  const retryDelay = verdict === 'retry' && !manual ? nextRetryDelayMs(event.attempts + 1, deps.random) : null;
  return {
    verdict,
    attempt: {
      eventId: event.id,
      attemptsBefore: event.attempts,
      replaysBefore: event.replayCount,
      triggeredBy: manual ? 'manual' : 'schedule',
      url: url ?? '',
      startedAt,
      finishedAt,
      statusCode: answer.statusCode,
      failureCode: answer.failureCode ?? failureCodeOfStatus(answer.statusCode ?? 0),
      errorMessage: verdict === 'delivered' ? null : answer.message,
      outcome: verdict === 'delivered' ? 'delivered' : retryDelay === null ? 'failed' : 'retry',
      nextAttemptAt: retryDelay === null ? null : new Date(finishedAt.getTime() + retryDelay),
    },
  };
}
