/*
 * Fuzzing from the description (issue 17): for every operation of the public read API's OpenAPI document, requests
 * generated from its schemas — admitted ones and ones with one thing broken (parameters, unknown or repeated ones,
 * path segments, headers, bodies, keys) — against the real app on MariaDB, Redis and an anvil chain. Every response
 * must keep the invariants of shared/src/testing/fuzz/response-invariants.ts: no 5xx, only documented statuses,
 * bodies and headers, `{ error, message, code }` errors, no leaks. Seeded (printed; FUZZ_SEED, FUZZ_RUNS,
 * FUZZ_TIME_MS replay or widen a run).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { operationsOf } from '../../../../shared/src/testing/fuzz/openapi-operations.js';
import { createRawHttpClient, type RawHttpClient } from '../../../../shared/src/testing/fuzz/raw-http.js';
import { caseArbitrary } from '../../../../shared/src/testing/fuzz/request-cases.js';
import { checkResponse } from '../../../../shared/src/testing/fuzz/response-invariants.js';
import {
  fuzzOperation,
  fuzzSettings,
  summarize,
  type OperationReport,
} from '../../../../shared/src/testing/fuzz/fuzz-run.js';
import {
  createOpenApiResponseValidator,
  type ResponseValidator,
} from '../../../../shared/src/testing/openapi-response-validator.js';
import { startFuzzWorld, type FuzzWorld } from '../testing/fuzz-readers.js';
import { publicReadOpenApi } from './public-read.openapi.js';

const document = publicReadOpenApi('0.0.0-fuzz');
const operations = operationsOf(document);
const settings = fuzzSettings({ runsPerOperation: 150, suiteBudgetMs: 30_000, operations: operations.length });

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

describe('fuzzing every operation of the public read API description', () => {
  it.each(operations.map((operation, index) => [operation.operationId, operation, index] as const))(
    '%s: no 5xx, only documented statuses and shapes, { error, message, code } errors, no leaks',
    async (operationId, operation, index) => {
      const report = await fuzzOperation({
        operationId,
        cases: caseArbitrary(operation, {
          root: document,
          known: world.knownFor(operation.path),
          credentials: world.credentials,
        }),
        send: (fuzzCase) => client.send(fuzzCase.request),
        check: (fuzzCase, response) =>
          checkResponse(operationId, fuzzCase, response, { style: 'public', validator, secrets: world.secrets }),
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
});
