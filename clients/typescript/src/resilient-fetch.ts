/*
 * The one fetch every client call goes through: adds the API key, signs bodies when asked, and retries what is
 * safe to retry (retry-policy.ts). The request's bytes are read once, so every attempt sends the same body and the
 * same headers (an Idempotency-Key set by the caller stays across attempts); a signature is made per attempt.
 */
import { signRequestBody } from './request-signing.js';
import {
  delayBeforeRetryMs,
  isRepeatable,
  isRetryableStatus,
  backoffDelayMs,
  sleep,
  type RetryOptions,
} from './retry-policy.js';

export type FetchFunction = (input: Request) => Promise<Response>;

export interface ResilientFetchSettings {
  apiKey: string;
  /** Sign every request that carries a body (X-Service-Signature). */
  signRequests: boolean;
  retry: RetryOptions;
  /** The underlying fetch (default globalThis.fetch). */
  fetch?: typeof fetch;
  userAgent?: string;
}

const METHODS_WITH_BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createResilientFetch(settings: ResilientFetchSettings): FetchFunction {
  const send = settings.fetch ?? globalThis.fetch;
  return async (request) => {
    const method = request.method.toUpperCase();
    const body = METHODS_WITH_BODY.has(method) ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const path = new URL(request.url).pathname;
    const repeatable = isRepeatable(method, request.headers);
    for (let attempt = 1; ; attempt += 1) {
      const headers = new Headers(request.headers);
      headers.set('X-API-Key', settings.apiKey);
      if (settings.userAgent) headers.set('User-Agent', settings.userAgent);
      if (settings.signRequests && body) {
        headers.set('X-Service-Signature', signRequestBody(settings.apiKey, { method, path, body }));
      }
      let response: Response;
      try {
        response = await send(request.url, { method, headers, body, signal: request.signal, redirect: 'manual' });
      } catch (error) {
        // A network failure: the request may or may not have arrived, so only a repeatable one goes again.
        if (request.signal.aborted || !repeatable || attempt >= settings.retry.maxAttempts) throw error;
        await sleep(backoffDelayMs(attempt, settings.retry), request.signal);
        continue;
      }
      const errorCode = response.headers.get('x-service-error-code');
      if (!isRetryableStatus(response.status, repeatable, errorCode)) return response;
      const delay = delayBeforeRetryMs(attempt, response.headers.get('retry-after'), settings.retry);
      if (delay === null) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
    }
  };
}
