import { describe, expect, it } from '@jest/globals';
import { isAppError } from '#shared/errors/app-error.js';
import { tradingApiDocument } from '../openapi/operations.js';
import { createRequestValidator } from './validate.middleware.js';

const validator = createRequestValidator(tradingApiDocument());

/** A GET /v1/markets request as the validate step hands it over. */
const listMarkets = (query: Record<string, string>, headers: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return {
    method: 'GET',
    path: '/markets',
    url: `/v1/markets${search ? `?${search}` : ''}`,
    query,
    headers,
  };
};

describe('createRequestValidator', () => {
  it('coerces query values to their schema types', () => {
    expect(validator.validate('listMarkets', listMarkets({ limit: '5' })).query).toEqual({ limit: 5 });
  });

  it('remembers the validated form of a valid body-less request per request target and declared headers', () => {
    const first = validator.validate('listMarkets', listMarkets({ limit: '7' }));
    expect(validator.validate('listMarkets', listMarkets({ limit: '7' }))).toBe(first);
    expect(validator.validate('listMarkets', listMarkets({ limit: '8' })).query).toEqual({ limit: 8 });
    const pinned = validator.validate('listMarkets', listMarkets({ limit: '7' }, { 'x-service-api-version': 'v' }));
    expect(pinned).not.toBe(first);
    expect(Object.isFrozen(first.query)).toBe(true);
  });

  it('never remembers a refusal: the same invalid request fails every time, naming the field', () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      let thrown: unknown;
      try {
        validator.validate('listMarkets', listMarkets({ limit: 'many' }));
      } catch (error) {
        thrown = error;
      }
      expect(isAppError(thrown) && thrown.code).toBe('VALIDATION_FAILED');
      expect(isAppError(thrown) && thrown.extensions).toMatchObject({ field: 'limit', location: 'query' });
    }
  });
});
