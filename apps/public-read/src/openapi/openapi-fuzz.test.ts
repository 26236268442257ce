/*
 * Fuzzing from the description (issue 17): for every operation of the public read API's OpenAPI document, requests
 * generated from its schemas — admitted ones and ones with one thing broken (parameters, unknown or repeated ones,
 * path segments, headers, bodies, keys) — against the real app on MariaDB, Redis and an anvil chain. Every response
 * must keep the invariants of shared/src/testing/fuzz/response-invariants.ts: no 5xx, only documented statuses,
 * bodies and headers, `{ error, message, code }` errors, no leaks. Seeded (printed; FUZZ_SEED, FUZZ_RUNS,
 * FUZZ_TIME_MS replay or widen a run).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { undescribedMethodCases } from '#shared/testing/fuzz/method-cases.js';
import { operationsOf, type FuzzOperation } from '#shared/testing/fuzz/openapi-operations.js';
import { createRawHttpClient, type RawHttpClient } from '#shared/testing/fuzz/raw-http.js';
import { caseArbitrary, type CaseOptions } from '#shared/testing/fuzz/request-cases.js';
import { checkResponse } from '#shared/testing/fuzz/response-invariants.js';
import { fuzzOperation, fuzzSettings, summarize, type OperationReport } from '#shared/testing/fuzz/fuzz-run.js';
import { createOpenApiResponseValidator, type ResponseValidator } from '#shared/testing/openapi-response-validator.js';
import { publicContractErrors } from '../testing/fuzz-error-contract.js';
import { startFuzzWorld, type FuzzWorld } from '../testing/fuzz-readers.js';
import { publicReadOpenApi } from './public-read.openapi.js';

const document = publicReadOpenApi('0.0.0-fuzz');
const operations = operationsOf(document);
// One more "operation": the methods no operation describes.
const settings = fuzzSettings({ runsPerOperation: 200, suiteBudgetMs: 30_000, operations: operations.length + 1 });

let world: FuzzWorld;
let validator: ResponseValidator;
let client: RawHttpClient;
const reports: OperationReport[] = [];
const startedAt = Date.now();

beforeAll(async () => {
  world = await startFuzzWorld();
  validator = createOpenApiResponseValidator(document, { documentId: 'https://foretell.invalid/api/openapi.json' });
  client = createRawHttpClient(world.app.url);
}, 120_000);

afterAll(async () => {
  console.log(summarize(reports, settings, Date.now() - startedAt));
  client?.close();
  await world?.close();
});

const caseOptions = (operation: FuzzOperation): CaseOptions => ({
  root: document,
  known: world.knownFor(operation.path),
  credentials: world.credentials,
});

describe('fuzzing every operation of the public read API description', () => {
  it.each(operations.map((operation, index) => [operation.operationId, operation, index] as const))(
    '%s: no 5xx, only documented statuses and shapes, { error, message, code } errors, no leaks',
    async (operationId, operation, index) => {
      const report = await fuzzOperation({
        operationId,
        cases: caseArbitrary(operation, caseOptions(operation)),
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
      const admitted = Object.keys(report.admittedStatuses).map(Number);
      if (report.runs >= 20)
        expect({ operationId, admitted, served: admitted.includes(200) }).toEqual({
          operationId,
          admitted,
          served: true,
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
