/*
 * Fuzzing from the description (issue 17): for every operation of the trading API's OpenAPI document, requests
 * generated from its schemas — admitted ones and ones with one thing broken (parameters, bodies, content types,
 * headers, credentials) — against the real app on MariaDB, Redis and an anvil chain; then methods no operation
 * describes on every path. Every response must keep the invariants of shared/src/testing/fuzz/response-invariants.ts:
 * no 5xx, only documented statuses, bodies and headers, RFC 7807 problems with catalogue codes, no leaks. Seeded
 * (printed; FUZZ_SEED, FUZZ_RUNS, FUZZ_TIME_MS replay or widen a run).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { undescribedMethodCases } from '#shared/testing/fuzz/method-cases.js';
import { operationsOf, type FuzzOperation } from '#shared/testing/fuzz/openapi-operations.js';
import { createRawHttpClient, type RawHttpClient } from '#shared/testing/fuzz/raw-http.js';
import { caseArbitrary, type CaseOptions } from '#shared/testing/fuzz/request-cases.js';
import { checkResponse, type InvariantOptions } from '#shared/testing/fuzz/response-invariants.js';
import { fuzzOperation, fuzzSettings, summarize, type OperationReport } from '#shared/testing/fuzz/fuzz-run.js';
import { createFuzzCallers, type FuzzCallers } from '../testing/fuzz-callers.js';
import { problemContractErrors } from '../testing/fuzz-error-contract.js';
import { createResponseValidator, type ResponseValidator } from '../testing/openapi-response-validator.js';
import { startTradingChainKit, type TradingChainKit } from '../testing/trading-chain-kit.js';
import { loadOpenApiDocument } from './load-spec.js';
import { listOperations } from './operations.js';

const document = loadOpenApiDocument() as unknown as Record<string, unknown>;
const operations = operationsOf(document);
// One more "operation": the methods no operation describes.
const settings = fuzzSettings({ runsPerOperation: 200, suiteBudgetMs: 35_000, operations: operations.length + 1 });
/** The operations without an API key (`security: []`). */
const PUBLIC = new Set(
  listOperations(loadOpenApiDocument())
    .filter((operation) => operation.scope === null)
    .map((operation) => operation.operationId),
);

let chainKit: TradingChainKit;
let callers: FuzzCallers;
let validator: ResponseValidator;
let client: RawHttpClient;
const reports: OperationReport[] = [];
const startedAt = Date.now();

beforeAll(async () => {
  [chainKit, validator] = await Promise.all([startTradingChainKit(), createResponseValidator()]);
  callers = await createFuzzCallers(chainKit);
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

const caseOptions = (operation: FuzzOperation): CaseOptions => ({
  root: document,
  pathPrefix: '/v1',
  known: callers.knownFor(operation.path),
  credentials: callers.credentials,
});

describe('fuzzing the trading API from its description', () => {
  it.each(operations.map((operation, index) => [operation.operationId, operation, index] as const))(
    '%s: no 5xx, only documented statuses and shapes, problem+json errors, no leaks',
    async (operationId, operation, index) => {
      const report = await fuzzOperation({
        operationId,
        cases: caseArbitrary(operation, caseOptions(operation)),
        send: (fuzzCase) => client.send(fuzzCase.request),
        check: (fuzzCase, response) => checkResponse(operationId, fuzzCase, response, invariants()),
        settings,
        seedOffset: index,
      });
      reports.push(report);
      expect(report.findings).toEqual([]);
      expect(report.runs).toBeGreaterThan(0);
      // The generator's admitted requests get past authentication and validation: it fuzzes the handler too.
      const admitted = Object.keys(report.admittedStatuses).map(Number);
      const reachedHandler = admitted.some((status) =>
        PUBLIC.has(operationId) ? status === 200 : ![400, 401, 403].includes(status),
      );
      if (report.runs >= 20)
        expect({ operationId, admitted, reachedHandler }).toEqual({ operationId, admitted, reachedHandler: true });
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
