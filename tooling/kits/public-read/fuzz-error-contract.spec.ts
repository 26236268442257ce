import { describe, expect, it } from '@jest/globals';
import { publicContractErrors } from './fuzz-error-contract.js';

const error = (label: string, code: string, message = 'Explained.') => ({ error: label, message, code });

describe('publicContractErrors', () => {
  it("accepts each operation's codes and labels from the contract's error table", () => {
    expect(publicContractErrors('getThread', 404, error('Not Found', 'THREAD_NOT_FOUND'))).toEqual([]);
    expect(publicContractErrors('getPartner', 404, error('Not Found', 'NOT_FOUND'))).toEqual([]);
    expect(publicContractErrors('getMarketSocialLink', 400, error('Bad Request', 'INVALID_SIDE'))).toEqual([]);
    expect(publicContractErrors('getMarket', 404, { error: 'Not Found' })).toEqual([]);
    expect(publicContractErrors('streamMarket', 404, { error: 'Not Found' })).toEqual([]);
    expect(publicContractErrors('getMarketQuote', 400, error('ValidationError', 'INVALID_REQUEST'))).toEqual([]);
    expect(publicContractErrors('listThreads', 429, error('Too Many Requests', 'RATE_LIMIT_EXCEEDED'))).toEqual([]);
    // The router's 400 for a path that does not decode is the same for every route.
    const undecodable = error('Bad Request', 'INVALID_REQUEST', 'The request path is not valid percent-encoding.');
    expect(publicContractErrors('getMarketQuote', 400, undecodable)).toEqual([]);
  });

  it('refuses another code, another label, or more than `error` where only `error` is promised', () => {
    expect(publicContractErrors('getThread', 404, error('Not Found', 'NOT_FOUND'))).toEqual([
      'code NOT_FOUND, expected THREAD_NOT_FOUND',
    ]);
    expect(publicContractErrors('getMarketQuote', 404, error('Not Found', 'NOT_FOUND'))).toEqual([
      'error "Not Found", expected "NotFoundError"',
    ]);
    expect(publicContractErrors('getMarket', 404, error('Not Found', 'NOT_FOUND'))).toEqual([
      'must carry only `error`',
    ]);
  });
});
