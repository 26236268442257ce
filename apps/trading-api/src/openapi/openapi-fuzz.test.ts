/*
 * Fuzzing from the description (issue 17): for every operation of the trading API's OpenAPI document, requests
 * generated from its schemas — admitted ones and ones with one thing broken (parameters, bodies, content types,
 * headers, credentials) — against the real app on MariaDB, Redis and an anvil chain. Every response must keep the
 * invariants of shared/src/testing/fuzz/response-invariants.ts: no 5xx, only documented statuses, bodies and headers,
 * RFC 7807 problems, no leaks. Seeded (printed; FUZZ_SEED, FUZZ_RUNS, FUZZ_TIME_MS replay or widen a run).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { operationsOf } from '../../../../shared/src/testing/fuzz/openapi-operations.js';
import { createRawHttpClient, type RawHttpClient } from '../../../../shared/src/testing/fuzz/raw-http.js';
import { caseArbitrary } from '../../../../shared/src/testing/fuzz/request-cases.js';
import { checkResponse, type Finding } from '../../../../shared/src/testing/fuzz/response-invariants.js';
import {
  fuzzOperation,
  fuzzSettings,
  summarize,
  type OperationReport,
} from '../../../../shared/src/testing/fuzz/fuzz-run.js';
import { createFuzzCallers, type FuzzCallers } from '../testing/fuzz-callers.js';
import { createResponseValidator, type ResponseValidator } from '../testing/openapi-response-validator.js';
import { startTradingChainKit, type TradingChainKit } from '../testing/trading-chain-kit.js';
import { loadOpenApiDocument } from './load-spec.js';

const document = loadOpenApiDocument() as unknown as Record<string, unknown>;
const operations = operationsOf(document);
const settings = fuzzSettings({ runsPerOperation: 80, suiteBudgetMs: 40_000, operations: operations.length });
const PUBLIC = new Set(['getHealth', 'getReady', 'getOpenApiDocument', 'getApiReference', 'getErrorDocumentation']);

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

const check =
  (operationId: string) =>
  (fuzzCase: Parameters<typeof checkResponse>[1], response: Parameters<typeof checkResponse>[2]): Finding[] =>
    checkResponse(operationId, fuzzCase, response, {
      style: 'problem',
      validator,
      secrets: callers.secrets,
      // The rotate's answer is the new webhook secret, shown once.
      allowedLeaks: (id, status) => (id === 'rotateWebhookSecret' && status === 200 ? ['webhook secret'] : []),
    });

describe('fuzzing every operation of the trading API description', () => {
  it.each(operations.map((operation, index) => [operation.operationId, operation, index] as const))(
    '%s: no 5xx, only documented statuses and shapes, problem+json errors, no leaks',
    async (operationId, operation, index) => {
      const report = await fuzzOperation({
        operationId,
        cases: caseArbitrary(operation, {
          root: document,
          pathPrefix: '/v1',
          known: callers.knownFor(operation.path),
          credentials: callers.credentials,
        }),
        send: (fuzzCase) => client.send(fuzzCase.request),
        check: check(operationId),
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
});
