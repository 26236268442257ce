/*
 * The executor's seat at the signer pool (decision 0031): this replica leases one key of EXECUTOR_PRIVATE_KEYS
 * (signer-lease.ts) and runs the work that signs (the trade and redemption workers) with it, only while it holds the
 * lease. With every key held by other replicas it waits, consuming no trades, and takes a key as soon as one is
 * free (its holder stopped or died). A lost lease stops the signing work at once; the slot then leases again.
 */
import type { Knex } from 'knex';
import { Gauge, type Registry } from 'prom-client';
import type { Hex } from 'viem';
import { leasedSignerCounter, tryLeaseAnySigner, type SignerLease } from '#shared/chain/signer-lease.js';
import { type ChainReader, type SignerOptions } from '#shared/chain/chain-clients.js';
import type { Logger } from '#shared/logger/logger.js';
import { sleep } from '#shared/messaging/backoff.js';
import { isAppError } from '#shared/errors/app-error.js';
import { registeredMetric } from '#shared/http/http-metrics.js';
import { isRetryableError, transientSummary } from '#shared/messaging/error-classification.js';

export interface SignerSlotDeps {
  db: Knex;
  reader: ChainReader;
  keys: readonly Hex[];
  /** How the leased key's writer replaces stuck transactions and how long it waits (sent-transactions.ts). */
  signer: Omit<SignerOptions, 'fence'>;
  logger: Logger;
  /** Pause between attempts while every key is held (default 1 s). */
  retryMs?: number;
  /** Serves `chain_executor_signer_leased` (1 while this replica signs, else 0) at /metrics. */
  registry?: Registry;
}

/** The gauge operators (and the trade bench) read to see whether a replica holds a signer. */
function leasedGauge(registry: Registry | undefined): { set(value: 0 | 1): void } {
  if (!registry) return { set: () => undefined };
  return registeredMetric(
    registry,
    'chain_executor_signer_leased',
    () =>
      new Gauge({
        name: 'chain_executor_signer_leased',
        help: 'Whether this replica holds a signer of the pool (1) or waits for one (0).',
        registers: [registry],
      }),
  );
}

/** How often a holder counts the pool's leased keys (the replicas signing now). */
const COUNT_SIGNERS_MS = 2_000;

/** The pool as a lease holder sees it. */
export interface SignerPool {
  /** Keys leased now, this replica's included (refreshed every COUNT_SIGNERS_MS; at least 1). */
  activeSigners(): number;
}

/** Starts the signing work for each lease taken; resolves with its stop functions. */
export type SigningWork = (lease: SignerLease, pool: SignerPool) => Promise<Array<() => Promise<void>>>;

/** Runs until stopped; the returned function stops the work, releases the lease and waits for both. */
export function startSignerSlot(deps: SignerSlotDeps, work: SigningWork): () => Promise<void> {
  const stopping = new AbortController();
  const logger = deps.logger.child({ component: 'signer-slot' });
  const retryMs = deps.retryMs ?? 1_000;
  const leased = leasedGauge(deps.registry);
  leased.set(0);
  const countLeased = leasedSignerCounter(deps.db, deps.reader, deps.keys);
  const loop = (async () => {
    let waitingLogged = false;
    while (!stopping.signal.aborted) {
      let lease: SignerLease | null = null;
      try {
        lease = await tryLeaseAnySigner(deps.db, deps.reader, deps.keys, deps.signer);
      } catch (error) {
        logger.warn({ event: 'signer.lease_failed', err: transientSummary(error) }, 'could not try the signer locks');
      }
      if (!lease) {
        if (!waitingLogged) {
          logger.info(
            { event: 'signer.waiting', pool: deps.keys.length },
            'every signer of the pool is leased by another replica; waiting for one',
          );
          waitingLogged = true;
        }
        await sleep(retryMs, stopping.signal);
        continue;
      }
      waitingLogged = false;
      await runWhileLeased(lease, work, { stop: stopping.signal, logger, leased, countLeased });
    }
  })();
  return async () => {
    stopping.abort();
    await loop;
  };
}

async function runWhileLeased(
  lease: SignerLease,
  work: SigningWork,
  slot: {
    stop: AbortSignal;
    logger: Logger;
    leased: { set(value: 0 | 1): void };
    countLeased: () => Promise<number>;
  },
) {
  const { stop, logger, leased } = slot;
  const signer = lease.address;
  let stops: Array<() => Promise<void>> = [];
  let activeSigners = 1;
  const count = () =>
    slot.countLeased().then(
      (held) => void (activeSigners = Math.max(1, held)),
      // The last count stands until MySQL answers again (the lease's own heartbeat reports a lost connection).
      () => undefined,
    );
  await count();
  const counting = setInterval(() => void count(), COUNT_SIGNERS_MS);
  counting.unref();
  try {
    stops = await work(lease, { activeSigners: () => activeSigners });
    logger.info({ event: 'signer.leased', signer }, 'signing with a leased key');
    leased.set(1);
    const ended = AbortSignal.any([stop, lease.lost]);
    if (!ended.aborted) await new Promise((resolve) => ended.addEventListener('abort', resolve, { once: true }));
    if (lease.lost.aborted && !stop.aborted) {
      logger.warn({ event: 'signer.lease_lost', signer }, 'lost the signer lease; stopping its work');
    }
  } catch (error) {
    // A platform without a registry, the RPC or MySQL down: try again; a bug is logged whole.
    if (isRetryableError(error) || isAppError(error)) {
      logger.warn({ event: 'signer.work_failed', signer, err: transientSummary(error) }, 'could not start signing');
    } else logger.error({ event: 'signer.work_failed', signer, err: error }, 'could not start signing');
    await sleep(1_000, stop);
  } finally {
    clearInterval(counting);
    leased.set(0);
    for (const stopWork of stops) await stopWork();
    await lease.release();
  }
}
