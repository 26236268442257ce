/*
 * Fuzzing from the description (issue 17): for every operation of the trading API's OpenAPI document, requests
 * generated from its schemas — admitted ones and ones with one thing broken (parameters, bodies, content types,
 * headers, credentials) — against the real app on MariaDB, Redis and an anvil chain; then methods no operation
 * describes on every path. Every response must keep the invariants of tooling/fuzz/response-invariants.ts:
 * no 5xx, only documented statuses, bodies and headers, RFC 7807 problems with catalogue codes, no leaks. Seeded
 * (printed; FUZZ_SEED, FUZZ_RUNS, FUZZ_TIME_MS replay or widen a run). Each operation with a documented 2xx must reach
 * one: its run starts with success probes, and coherent values (a confirmable trade with its token, a resolved
 * market the caller holds the winner of, a tradeable buy) ride on two thirds of its requests.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { apiScopes } from '#shared/auth/tiers.js';
import { resolveMarket } from '../../../admin-cli/src/chain/market-admin.js';
import { createListedFixtureMarket, USDC } from '#tooling/testing/chain-test-fixtures.js';
import { undescribedMethodCases } from '#tooling/fuzz/method-cases.js';
import { operationsOf, type FuzzOperation } from '#tooling/fuzz/openapi-operations.js';
import { createRawHttpClient, type RawHttpClient } from '#tooling/fuzz/raw-http.js';
import { caseArbitrary, successProbes, type CaseOptions, type Credentials } from '#tooling/fuzz/request-cases.js';
import { checkResponse, type InvariantOptions } from '#tooling/fuzz/response-invariants.js';
import { fuzzOperation, fuzzSettings, successesOf, summarize, type OperationReport } from '#tooling/fuzz/fuzz-run.js';
import { createFuzzCallers, type FuzzCallers } from '#tooling/kits/trading-api/fuzz-callers.js';
import { problemContractErrors } from '#tooling/kits/trading-api/fuzz-error-contract.js';
import { createResponseValidator } from '#tooling/kits/trading-api/openapi-response-validator.js';
import { addCallerKey } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { startTradingChainKit, type TradingChainKit } from '#tooling/kits/trading-api/trading-chain-kit.js';
import { tradingApiDocument } from './operations.js';

const document = tradingApiDocument() as unknown as Record<string, unknown>;
const operations = operationsOf(document);
// One more "operation": the methods no operation describes.
const settings = fuzzSettings({ runsPerOperation: 200, suiteBudgetMs: 35_000, operations: operations.length + 1 });

/** Rows a success needs beyond the callers' fixtures: confirmable trades, and a position to redeem. */
interface SuccessFixtures {
  /** High-value trades of the caller's user awaiting confirmation, each with its one-time token. */
  confirmations: Array<{ id: string; token: string }>;
  /** A resolved market whose winning outcome 0 the caller's smart account holds. */
  resolvedMarketId: string;
}

async function seedSuccessFixtures(chainKit: TradingChainKit, callers: FuzzCallers): Promise<SuccessFixtures> {
  const { kit, fixture } = chainKit;
  // Another key of the caller's user whose trades of 1 USDC and more need a confirmation, open for an hour.
  const highValue = await addCallerKey(kit, callers.caller, {
    scopes: [...apiScopes],
    rateLimitRpm: 1_000_000,
    highValueThreshold: USDC,
    confirmationWindowS: 3_600,
  });
  const confirmations: SuccessFixtures['confirmations'] = [];
  for (let index = 0; index < 3; index += 1) {
    const created = await chainKit.postTrade(highValue, chainKit.buyBody('2'));
    const envelope = created.json as { trade?: { id: string }; confirmation?: { token: string } };
    if (created.status !== 202 || !envelope.trade || !envelope.confirmation) {
      throw new Error(`seeding a confirmable trade answered ${created.status}: ${created.text.slice(0, 300)}`);
    }
    confirmations.push({ id: envelope.trade.id, token: envelope.confirmation.token });
  }

  const db = kit.database.db;
  const { marketId, market } = await createListedFixtureMarket(fixture, db, {
    question: 'Fuzzed and settled?',
    category: 'chain',
  });
  const { smart_account_address: account } = await db('users').where({ id: callers.caller.userId }).first();
  await chainKit.buyOnChain(account, { market, outcomeIndex: 0, usdcIn: 5n * USDC });
  await resolveMarket(fixture.admin, { market, winners: [0] });
  return { confirmations, resolvedMarketId: marketId };
}

/** Values that succeed together, per operation (request-cases.ts `coherent`). */
function coherentValues(
  chainMarketId: string,
  seeded: SuccessFixtures,
): Record<string, fc.Arbitrary<Record<string, unknown>>> {
  return {
    // A buy the caller can afford on the open on-chain market, with no replayed Idempotency-Key or clientRequestId.
    createTrade: fc.record({
      marketId: fc.constant(chainMarketId),
      outcomeIndex: fc.constantFrom(0, 1),
      side: fc.constant('buy'),
      amount: fc.constantFrom('0.5', '1', '2.5'),
      clientRequestId: fc.constant(undefined),
      'Idempotency-Key': fc.constant(undefined),
    }),
    confirmTrade: fc.constantFrom(...seeded.confirmations),
    createRedemption: fc.constant({ marketId: seeded.resolvedMarketId, outcomeIndex: 0 }),
    getMarketQuote: fc.record({
      id: fc.constant(chainMarketId),
      outcomeIndex: fc.constantFrom(0, 1),
      action: fc.constant('buy'),
      amount: fc.constantFrom('1000000', '2500000'),
    }),
  };
}

/**
 * Successes the seeded fixtures make certain, beyond some 2xx: each probe of createTrade is a new affordable buy
 * (201), the first confirm of a seeded trade is accepted (200), the first claim of the winning position is created.
 */
const CERTAIN_SUCCESSES: Record<string, Record<number, number>> = {
  createTrade: { 201: 3 },
  confirmTrade: { 200: 1 },
  createRedemption: { 201: 1 },
};

let chainKit: TradingChainKit;
let callers: FuzzCallers;
let coherent: Record<string, fc.Arbitrary<Record<string, unknown>>>;
const validator = createResponseValidator();
let client: RawHttpClient;
const reports: OperationReport[] = [];
const startedAt = Date.now();

beforeAll(async () => {
  chainKit = await startTradingChainKit();
  callers = await createFuzzCallers(chainKit);
  coherent = coherentValues(chainKit.marketId, await seedSuccessFixtures(chainKit, callers));
  client = createRawHttpClient(chainKit.kit.url);
}, 120_000);

afterAll(async () => {
  console.log(summarize(reports, settings, Date.now() - startedAt));
  client?.close();
  await chainKit?.close();
});

const invariants = (): InvariantOptions => ({
  style: 'problem',
  validator,
  secrets: callers.secrets,
  contractErrors: problemContractErrors,
  // The rotate's answer is the new webhook secret, shown once.
  allowedLeaks: (id, status) => (id === 'rotateWebhookSecret' && status === 200 ? ['webhook secret'] : []),
});

/** A success probe's credentials: the caller's key, from a TEST-NET address of its own. */
const probeCredentials = (): fc.Arbitrary<Credentials> =>
  fc.constant({
    label: 'valid key',
    headers: { 'X-API-Key': callers.caller.key, 'X-Forwarded-For': '198.51.100.200' },
  });

const caseOptions = (operation: FuzzOperation): CaseOptions => ({
  root: document,
  pathPrefix: '/v1',
  known: callers.knownFor(operation.path),
  credentials: callers.credentials,
  probeCredentials: probeCredentials(),
  ...(coherent[operation.operationId] ? { coherent: coherent[operation.operationId] } : {}),
});

describe('fuzzing the trading API from its description', () => {
  it.each(operations.map((operation, index) => [operation.operationId, operation, index] as const))(
    '%s: no 5xx, only documented statuses and shapes, problem+json errors, no leaks',
    async (operationId, operation, index) => {
      const report = await fuzzOperation({
        operationId,
        cases: caseArbitrary(operation, caseOptions(operation)),
        probes: successProbes(operation, caseOptions(operation)),
        send: (fuzzCase) => client.send(fuzzCase.request),
        check: (fuzzCase, response) => checkResponse(operationId, fuzzCase, response, invariants()),
        settings,
        seedOffset: index,
      });
      reports.push(report);
      expect(report.findings).toEqual([]);
      expect(report.runs).toBeGreaterThan(0);
      // Admitted requests reach the handler's success path, not only its 404 and 409 answers.
      const admitted = report.admittedStatuses;
      const { documented, reached } = successesOf(operation.statuses, report);
      expect({ operationId, admitted, reachedSuccess: reached.length > 0 }).toEqual({
        operationId,
        admitted,
        reachedSuccess: documented.length > 0,
      });
      for (const [status, least] of Object.entries(CERTAIN_SUCCESSES[operationId] ?? {})) {
        expect({ operationId, status, atLeast: (admitted[Number(status)] ?? 0) >= least }).toEqual({
          operationId,
          status,
          atLeast: true,
        });
      }
    },
    settings.timeLimitMs + 30_000,
  );

  it(
    'answers a method no operation describes with a 404 problem, no 5xx and no leak',
    async () => {
      const report = await fuzzOperation({
        operationId: '(undescribed methods)',
        cases: undescribedMethodCases(operations, caseOptions),
        send: (fuzzCase) => client.send(fuzzCase.request),
        check: (fuzzCase, response) =>
          checkResponse('(undescribed methods)', fuzzCase, response, {
            ...invariants(),
            validator: undefined,
            statuses: [404],
          }),
        settings,
        seedOffset: operations.length,
      });
      reports.push(report);
      expect(report.findings).toEqual([]);
      expect(report.statuses[404]).toBeGreaterThan(0);
    },
    settings.timeLimitMs + 30_000,
  );
});
