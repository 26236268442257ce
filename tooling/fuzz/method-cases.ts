/*
 * Test-only: requests with a method no operation of their path has (PUT, PATCH, DELETE, OPTIONS, and GET or POST
 * where only the other is described), built from an admitted request of that path.
 */
import fc from 'fast-check';
import type { FuzzOperation } from './openapi-operations.js';
import { caseArbitrary, type CaseOptions, type FuzzCase } from './request-cases.js';

const CANDIDATES = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Undescribed methods on every described path; the label names the method and the path. */
export function undescribedMethodCases(
  operations: readonly FuzzOperation[],
  optionsFor: (operation: FuzzOperation) => CaseOptions,
): fc.Arbitrary<FuzzCase> {
  const described = new Map<string, Set<string>>();
  for (const operation of operations) {
    described.set(operation.path, (described.get(operation.path) ?? new Set()).add(operation.method));
  }
  const cases = operations.flatMap((operation) => {
    const unused = CANDIDATES.filter((method) => !described.get(operation.path)!.has(method));
    if (unused.length === 0) return [];
    const admitted = caseArbitrary(operation, optionsFor(operation)).filter((fuzzCase) => !fuzzCase.mutated);
    return [
      fc.tuple(admitted, fc.constantFrom(...unused)).map(([fuzzCase, method]): FuzzCase => ({
        label: `${method} ${operation.path} · ${fuzzCase.label}`,
        mutated: true,
        request: { ...fuzzCase.request, method },
      })),
    ];
  });
  return fc.oneof(...cases);
}
