import { describe, expect, it } from '@jest/globals';
import type { Document } from 'openapi-backend';
import { createRequestValidator, type ValidatableRequest } from './request-validator.js';

const document: Document = {
  openapi: '3.1.0',
  info: { title: 'validator', version: '1' },
  paths: {
    '/items/{id}': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          { name: 'fresh', in: 'query', schema: { type: 'boolean', default: false } },
          { name: 'amount', in: 'query', schema: { type: 'number', minimum: 0, multipleOf: 0.01 } },
          { name: 'since', in: 'query', schema: { type: 'string', format: 'date-time' } },
          {
            name: 'tags',
            in: 'query',
            style: 'form',
            explode: false,
            schema: { type: 'array', items: { type: 'string' }, minItems: 1 },
          },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

const request = (query: Record<string, string | string[]>, params?: Record<string, string>): ValidatableRequest => ({
  method: 'GET',
  path: '/items/a',
  url: `/items/a?${Object.entries(query)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&')}`,
  query,
  headers: {},
  ...(params ? { params } : {}),
});

describe('the shared request validator', () => {
  it('coerces query values leniently by default and reports the first issue only', () => {
    const validator = createRequestValidator(document);
    const accepted = validator.check('listItems', request({ limit: '5.0' }));
    expect(accepted.valid && accepted.input.query).toEqual({ limit: 5 });
    const refused = validator.check('listItems', request({ limit: '0', nope: 'x' }));
    expect(refused.valid ? [] : refused.issues).toHaveLength(1);
  });

  it('reads strict forms: canonical values, defaults, and every issue with its location and name', () => {
    const validator = createRequestValidator(document, { queryForms: 'strict', allErrors: true });
    const accepted = validator.check('listItems', request({ fresh: '1', amount: '0.29', tags: ' a, ,b ' }));
    expect(accepted.valid && accepted.input.query).toEqual({ limit: 20, fresh: true, amount: 0.29, tags: ['a', 'b'] });
    const refused = validator.check('listItems', request({ limit: '5.0', fresh: ['true', 'false'], nope: 'x' }));
    expect(refused.valid ? [] : refused.issues.map(({ location, name, keyword }) => [location, name, keyword])).toEqual(
      [
        ['query', 'limit', 'type'],
        ['query', 'fresh', 'repeated'],
        ['query', 'nope', 'additionalProperties'],
      ],
    );
  });

  it('refuses a parameter named __proto__ as unknown instead of losing it', () => {
    const validator = createRequestValidator(document);
    const refused = validator.check('listItems', request(Object.fromEntries([['__proto__', 'x']])));
    expect(refused.valid ? [] : refused.issues.map(({ name, keyword }) => [name, keyword])).toEqual([
      ['__proto__', 'additionalProperties'],
    ]);
  });

  it('validates the path parameters the router decoded when they are given', () => {
    const validator = createRequestValidator(document, { queryForms: 'strict' });
    const accepted = validator.check('listItems', request({}, { id: 'a b/c' }));
    expect(accepted.valid && accepted.input.params).toEqual({ id: 'a b/c' });
  });

  it('refuses a date-time a Date cannot hold (a leap second), as it refuses any other bad date-time', () => {
    const validator = createRequestValidator(document);
    const issuesOf = (since: string) => {
      const result = validator.check('listItems', request({ since }));
      return result.valid ? [] : result.issues.map(({ name, keyword }) => [name, keyword]);
    };
    expect(issuesOf('2026-06-30T23:59:59Z')).toEqual([]);
    expect(issuesOf('2026-06-30T23:59:59.123+02:00')).toEqual([]);
    expect(issuesOf('2026-06-30T23:59:60Z')).toEqual([['since', 'format']]);
    expect(issuesOf('2026-02-30T00:00:00Z')).toEqual([['since', 'format']]);
    expect(issuesOf('yesterday')).toEqual([['since', 'format']]);
  });
});
