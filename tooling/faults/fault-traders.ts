/*
 * Traders of a fault stack (a user, an enterprise key whose webhooks go to a receiver, a funded smart account) and
 * their HTTP calls to the trading API process: single calls, and bursts of buys that a client retries as the
 * contract asks (same Idempotency-Key, after a 503 or a dropped connection) until each trade is accepted.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { createSecretBox, generateWebhookSecret } from '#shared/auth/secret-box.js';
import { issueApiKey } from '../../apps/admin-cli/src/keys/issue-api-key.js';
import { createFundedAccount, USDC } from '../testing/chain-test-fixtures.js';
import { createUser } from '#shared/db/users/users.repository.js';
import type { ManagedDeployable } from '../local-stack/deployable-stack.js';
import { FAULT_PEPPER, FAULT_WEBHOOK_SECRET_KEY, type FaultStack } from './fault-stack.js';

export interface FaultTrader {
  userId: string;
  apiKeyId: string;
  key: string;
  account: Address;
  /** Test USDC minted to the account (atomic). */
  funding: bigint;
}

/** A trader key's own limits (the tier's defaults where absent). */
export interface FaultKeyLimits {
  rateLimitRpm?: number;
  /** Atomic USDC: trades at or above it wait for confirmation. */
  highValueThreshold?: bigint;
  confirmationWindowS?: number;
}

export async function createFaultTrader(
  stack: FaultStack,
  options: { webhookUrl: string; fundingUsdc?: bigint } & FaultKeyLimits,
): Promise<FaultTrader> {
  const funding = (options.fundingUsdc ?? 1_000n) * USDC;
  const user = await createUser(stack.db, { email: `fault-${Date.now()}-${randomInt(1e9)}@test.example` });
  const issued = await issueApiKey(stack.db, FAULT_PEPPER, {
    userId: user.id,
    tier: 'enterprise',
    env: 'test',
    scopes: ['markets:read', 'markets:quote', 'portfolio:read', 'trades:read', 'trades:write', 'webhooks:manage'],
    webhookUrl: options.webhookUrl,
    rateLimitRpm: options.rateLimitRpm ?? null,
    highValueThreshold: options.highValueThreshold ?? null,
    confirmationWindowS: options.confirmationWindowS ?? null,
    webhookSecretEnc: createSecretBox(FAULT_WEBHOOK_SECRET_KEY).seal(generateWebhookSecret()),
  });
  const { account } = await createFundedAccount(stack.fixture, funding);
  await stack.db('users').where({ id: user.id }).update({ smart_account_address: account });
  return { userId: user.id, apiKeyId: issued.record.id, key: issued.key, account, funding };
}

export interface ApiAnswer {
  /** 0: no HTTP answer (connection refused or reset, or no answer within the timeout). */
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** One request to the trading API process as `trader`. */
export async function callTradingApi(
  stack: FaultStack,
  trader: Pick<FaultTrader, 'key'>,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number; via?: ManagedDeployable } = {},
): Promise<ApiAnswer> {
  try {
    const response = await fetch(`${(options.via ?? stack.apps.tradingApi).url}${path}`, {
      method,
      headers: {
        'X-API-Key': trader.key,
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : {} };
  } catch {
    return { status: 0, headers: new Headers(), json: {} };
  }
}

export interface Burst {
  /** Accepted trades, one per buy sent. */
  tradeIds: string[];
  /** Every HTTP status seen, retries included, in order. */
  statuses: number[];
}

export interface BurstOptions {
  count: number;
  amountUsdc?: string;
  concurrency?: number;
  retryMs?: number;
  deadlineMs?: number;
  /** Trading API replicas to send through, one after the other (as a gateway spreads requests); default replica 0. */
  via?: readonly ManagedDeployable[];
}

/**
 * `count` buys of `amountUsdc` on the stack's market, `concurrency` in flight at once. Each is retried with its
 * Idempotency-Key after a 503 or no answer (every `retryMs`) until accepted (201), for at most `deadlineMs`.
 * `live` fills in as answers come; `done` resolves once every buy is accepted.
 */
export function startTradeBurst(
  stack: FaultStack,
  trader: FaultTrader,
  options: BurstOptions,
): { live: Burst; done: Promise<Burst> } {
  const burst: Burst = { tradeIds: [], statuses: [] };
  const deadline = Date.now() + (options.deadlineMs ?? 60_000);
  const body = { marketId: stack.marketId, outcomeIndex: 0, side: 'buy', amount: options.amountUsdc ?? '2' };
  let sent = 0;
  const nextReplica = () => options.via?.[sent++ % options.via.length];
  const placeOne = async () => {
    const idempotencyKey = `fault-${randomUUID()}`;
    for (;;) {
      const via = nextReplica();
      const answer = await callTradingApi(stack, trader, 'POST', '/v1/trades', {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        ...(via ? { via } : {}),
      });
      burst.statuses.push(answer.status);
      const trade = answer.json.trade as { id?: string } | undefined;
      if (answer.status === 201 && trade?.id) return void burst.tradeIds.push(trade.id);
      if (![0, 503].includes(answer.status) || Date.now() > deadline) {
        throw new Error(`a buy was answered ${answer.status}: ${JSON.stringify(answer.json)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 250));
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < options.count) {
      next += 1;
      await placeOne();
    }
  };
  const done = Promise.all(Array.from({ length: options.concurrency ?? 4 }, lane)).then(() => burst);
  return { live: burst, done };
}

export const tradeBurst = (stack: FaultStack, trader: FaultTrader, options: BurstOptions): Promise<Burst> =>
  startTradeBurst(stack, trader, options).done;
