import { describe, expect, it } from '@jest/globals';
import { problemContractErrors } from './fuzz-error-contract.js';

const problem = (code: string) => ({ type: `http://docs.test/v1/docs/errors/${code}`, code });

describe('problemContractErrors', () => {
  it('accepts catalogue codes at their status with their page as type', () => {
    expect(problemContractErrors('getTrade', 404, problem('RESOURCE_NOT_FOUND'))).toEqual([]);
    expect(problemContractErrors('createTrade', 409, problem('SPENDING_LIMIT_EXCEEDED'))).toEqual([]);
  });

  it('refuses unknown codes, public read codes, another status and another page', () => {
    expect(problemContractErrors('getTrade', 404, problem('NOPE'))).toEqual(['code NOPE is not in the catalogue']);
    expect(problemContractErrors('getTrade', 404, problem('NOT_FOUND'))).toEqual([
      'code NOT_FOUND belongs to the public read API',
    ]);
    expect(problemContractErrors('getTrade', 400, problem('RESOURCE_NOT_FOUND'))).toEqual([
      'code RESOURCE_NOT_FOUND is a 404 in the catalogue, answered 400',
    ]);
    expect(problemContractErrors('getTrade', 404, { type: 'about:blank', code: 'RESOURCE_NOT_FOUND' })).toEqual([
      'type about:blank is not the page of RESOURCE_NOT_FOUND',
    ]);
  });
});
