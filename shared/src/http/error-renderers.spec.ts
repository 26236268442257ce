import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { errorCatalogue, errorCodes } from '../errors/error-catalogue.js';
import { renderProblem, renderPublicError } from './error-middleware.js';

const context = { requestId: 'req_1', instance: '/v1/trades', docsBaseUrl: 'https://api.example.com/v1/docs/' };

describe('renderProblem', () => {
  it.each(errorCodes)('renders %s as problem+json with its catalogue status and code header', (code) => {
    const rendered = renderProblem(new AppError(code), context);
    expect(rendered.status).toBe(errorCatalogue[code].status);
    expect(rendered.headers['Content-Type']).toBe('application/problem+json; charset=utf-8');
    expect(rendered.headers['X-Service-Error-Code']).toBe(code);
    expect(rendered.body).toMatchObject({
      type: `https://api.example.com/v1/docs/errors/${code}`,
      title: errorCatalogue[code].title,
      status: errorCatalogue[code].status,
      code,
      instance: '/v1/trades',
      requestId: 'req_1',
    });
  });

  it('carries extensions such as the spending cap', () => {
    const rendered = renderProblem(
      new AppError('SPENDING_LIMIT_EXCEEDED', { extensions: { cap: 'per_trade' } }),
      context,
    );
    expect(rendered.body.extensions).toEqual({ cap: 'per_trade' });
  });

  it('hides the cause and detail of an internal error, keeping only the request id', () => {
    const rendered = renderProblem(
      new AppError('INTERNAL_ERROR', { detail: 'db password wrong', cause: new Error('boom') }),
      context,
    );
    expect(JSON.stringify(rendered.body)).not.toMatch(/password|boom|stack/);
    expect(rendered.body.requestId).toBe('req_1');
  });

  it('sets Retry-After for codes that carry one', () => {
    expect(renderProblem(new AppError('ROUTE_DISABLED'), context).headers['Retry-After']).toBe('60');
    expect(renderProblem(new AppError('DEPENDENCY_UNAVAILABLE'), context).headers['Retry-After']).toBe('30');
  });
});

describe('renderPublicError', () => {
  it.each(errorCodes)('renders %s as { error, message, code } with its catalogue status', (code) => {
    const rendered = renderPublicError(new AppError(code, { detail: 'why' }), { requestId: 'req_2' });
    expect(rendered.status).toBe(errorCatalogue[code].status);
    expect(rendered.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(rendered.body).toMatchObject({ error: expect.any(String), code });
    expect(typeof rendered.body.message).toBe('string');
  });

  it('uses the endpoint label when one is given (quote ValidationError)', () => {
    const rendered = renderPublicError(new AppError('INVALID_REQUEST'), {
      requestId: 'r',
      presentation: { labels: { INVALID_REQUEST: 'ValidationError' } },
    });
    expect(rendered.body.error).toBe('ValidationError');
  });

  it('renders only the error label for market detail 404s', () => {
    const rendered = renderPublicError(new AppError('NOT_FOUND'), {
      requestId: 'r',
      presentation: { labelOnly: ['NOT_FOUND'] },
    });
    expect(rendered.body).toEqual({ error: 'Not Found' });
  });

  it('keeps the status labels and the full body for codes the endpoint does not present', () => {
    const presentation = { labels: { INVALID_REQUEST: 'ValidationError' }, labelOnly: ['NOT_FOUND'] } as const;
    const rendered = renderPublicError(new AppError('RATE_LIMIT_EXCEEDED', { detail: 'slow down' }), {
      requestId: 'r',
      presentation,
    });
    expect(rendered.body).toEqual({ error: 'Too Many Requests', message: 'slow down', code: 'RATE_LIMIT_EXCEEDED' });
  });

  it('carries extensions such as the disabled route id', () => {
    const rendered = renderPublicError(new AppError('ROUTE_DISABLED', { extensions: { route: 'GET /api/x' } }), {
      requestId: 'r',
    });
    expect(rendered.body).toMatchObject({ code: 'ROUTE_DISABLED', extensions: { route: 'GET /api/x' } });
  });

  it('adds retryAfter in seconds on 429', () => {
    const rendered = renderPublicError(new AppError('RATE_LIMIT_EXCEEDED', { retryAfterSeconds: 42 }), {
      requestId: 'r',
    });
    expect(rendered.body).toMatchObject({ error: 'Too Many Requests', code: 'RATE_LIMIT_EXCEEDED', retryAfter: 42 });
    expect(rendered.headers['Retry-After']).toBe('42');
  });
});
