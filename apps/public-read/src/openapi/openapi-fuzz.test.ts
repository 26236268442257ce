/*
 * Fuzzing from the description (issue 17): for every operation of the public read API's OpenAPI document, requests
 * generated from its schemas — admitted ones and ones with one thing broken (parameters, unknown or repeated ones,
 * path segments, headers, bodies, keys) — against the real app on MariaDB, Redis and an anvil chain. Every response
 * must keep the invariants of tooling/fuzz/response-invariants.ts: no 5xx, only documented statuses,
 * bodies and headers, `{ error, message, code }` errors, no leaks. Seeded (printed; FUZZ_SEED, FUZZ_RUNS,
 * FUZZ_TIME_MS replay or widen a run). Each operation must reach its documented 2xx: its run starts with success
 * probes, and quotes ride on the on-chain market for two thirds of their requests.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { undescribedMethodCases } from '#tooling/fuzz/method-cases.js';
import { operationsOf, type FuzzOperation } from '#tooling/fuzz/openapi-operations.js';
import { createRawHttpClient, type RawHttpClient } from '#tooling/fuzz/raw-http.js';
import { caseArbitrary, successProbes, type CaseOptions, type Credentials } from '#tooling/fuzz/request-cases.js';
import { checkResponse } from '#tooling/fuzz/response-invariants.js';
import { fuzzOperation, fuzzSettings, successesOf, summarize, type OperationReport } from '#tooling/fuzz/fuzz-run.js';
import { createOpenApiResponseValidator, type ResponseValidator } from '#tooling/testing/openapi-response-validator.js';
import { publicContractErrors } from '#tooling/kits/public-read/fuzz-error-contract.js';
import { startFuzzWorld, type FuzzWorld } from '#tooling/kits/public-read/fuzz-readers.js';
import { publicReadDocument } from './public-read-document.js';

const document = publicReadDocument('0.0.0-fuzz');
const operations = operationsOf(document);
// One more "operation": the methods no operation describes.
const settings = fuzzSettings({ runsPerOperation: 200, suiteBudgetMs: 30_000, operations: operations.length + 1 });

let world: FuzzWorld;
let coherent: Record<string, fc.Arbitrary<Record<string, unknown>>>;
let validator: ResponseValidator;
let client: RawHttpClient;
const reports: OperationReport[] = [];
const startedAt = Date.now();

beforeAll(async () => {
  world = await startFuzzWorld();
  // Quotes need the market deployed on chain (the demo markets are not).
  const onChain: string = await world.suite
    .db('markets')
    .whereNotNull('contract_address')
    .first()
    .then((row) => row.id);
  coherent = {
    getMarketQuote: fc.record({
      id: fc.constant(onChain),
      outcomeIndex: fc.constantFrom(0, 1),
      action: fc.constant('buy'),
      amount: fc.constantFrom('1000000', '5000000'),
    }),
  };
  validator = createOpenApiResponseValidator(document, { documentId: 'https://foretell.invalid/api/openapi.json' });
  client = createRawHttpClient(world.app.url);
}, 120_000);

afterAll(async () => {
  console.log(summarize(reports, settings, Date.now() - startedAt));
  client?.close();
  await world?.close();
});

/** A success probe's credentials: anonymous, as an embed, from a TEST-NET address of its own. */
const probeCredentials: fc.Arbitrary<Credentials> = fc.constant({
  label: 'anonymous',
  headers: { 'X-Forwarded-For': '203.0.113.200' },
});

const caseOptions = (operation: FuzzOperation): CaseOptions => ({
  root: document,
  known: world.knownFor(operation.path),
  credentials: world.credentials,
  probeCredentials,
  ...(coherent[operation.operationId] ? { coherent: coherent[operation.operationId] } : {}),
});

describe('fuzzing every operation of the public read API description', () => {
  it.each(operations.map((operation, index) => [operation.operationId, operation, index] as const))(
    '%s: no 5xx, only documented statuses and shapes, { error, message, code } errors, no leaks',
    async (operationId, operation, index) => {
      const report = await fuzzOperation({
        operationId,
        cases: caseArbitrary(operation, caseOptions(operation)),
        probes: successProbes(operation, caseOptions(operation)),
        send: (fuzzCase) => client.send(fuzzCase.request),
        check: (fuzzCase, response) =>
          checkResponse(operationId, fuzzCase, response, {
            style: 'public',
            validator,
            secrets: world.secrets,
            contractErrors: publicContractErrors,
          }),
        settings,
        seedOffset: index,
      });
      reports.push(report);
      expect(report.findings).toEqual([]);
      expect(report.runs).toBeGreaterThan(0);
      // The generator's admitted requests are served: it fuzzes the handlers, not only the validation.
      const admitted = report.admittedStatuses;
      const { documented, reached } = successesOf(operation.statuses, report);
      expect({ operationId, admitted, reachedSuccess: reached.length > 0 }).toEqual({
        operationId,
        admitted,
        reachedSuccess: documented.length > 0,
      });
    },
    settings.timeLimitMs + 30_000,
  );

  it(
    'answers a method no operation describes with a 404 (OPTIONS: the CORS preflight 204), no 5xx and no leak',
    async () => {
      const report = await fuzzOperation({
        operationId: '(undescribed methods)',
        cases: undescribedMethodCases(operations, caseOptions),
        send: (fuzzCase) => client.send(fuzzCase.request),
        check: (fuzzCase, response) =>
          checkResponse('(undescribed methods)', fuzzCase, response, {
            style: 'public',
            statuses: fuzzCase.request.method === 'OPTIONS' ? [204] : [404],
            secrets: world.secrets,
            contractErrors: (_operationId, status, body) =>
              body.code === 'NOT_FOUND' && body.error === 'Not Found' ? [] : [`${status} ${JSON.stringify(body)}`],
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
