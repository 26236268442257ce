/*
 * The Node twin's HTTP client: node:http(s) with keep-alive agents (a k6 VU keeps its connections too), each
 * request timed from send to the last body byte and recorded with its name, target and whether its status was
 * expected. Network errors and timeouts answer status 0 with `error`, as in k6.
 */
import http from 'node:http';
import https from 'node:https';
import type { LoadHttp, LoadRequest, LoadResponse } from '../../loadtest/lib/scenario-types.js';
import type { MetricsRecorder } from './metrics-recorder.js';
import { RateLimitTally, type RateLimitedOrigin } from './rate-limit-advice.js';

export interface NodeLoadHttp extends LoadHttp {
  /** Closes every pooled connection (at the end of the load, and at exit). */
  closeConnections(): void;
  /** The 429 answers so far, by origin. */
  rateLimited(): RateLimitedOrigin[];
}

function headerRecord(headers: http.IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

/** `keepAlive` false: every request opens its own connection (a soak's iterations keep none open between them). */
export function createNodeLoadHttp(recorder: MetricsRecorder, maxSockets: number, keepAlive = true): NodeLoadHttp {
  const tally = new RateLimitTally();
  const agents = {
    'http:': new http.Agent({ keepAlive, maxSockets }),
    'https:': new https.Agent({ keepAlive, maxSockets }),
  };

  function exchange(request: LoadRequest): Promise<Omit<LoadResponse, 'durationMs'>> {
    return new Promise((resolve) => {
      const url = new URL(request.url);
      const transport = url.protocol === 'https:' ? https : http;
      const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
      const outgoing = transport.request(
        url,
        { method: request.method, headers: request.headers ?? {}, agent, timeout: request.timeoutMs ?? 30_000 },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: headerRecord(incoming.headers),
            }),
          );
          incoming.on('error', (error) => resolve({ status: 0, body: '', headers: {}, error: error.message }));
        },
      );
      outgoing.on('timeout', () =>
        outgoing.destroy(new Error(`request timeout after ${request.timeoutMs ?? 30_000} ms`)),
      );
      outgoing.on('error', (error) => resolve({ status: 0, body: '', headers: {}, error: error.message }));
      outgoing.end(request.body);
    });
  }

  async function send(request: LoadRequest): Promise<LoadResponse> {
    const at = recorder.elapsed();
    const started = performance.now();
    const answer = await exchange(request);
    const durationMs = performance.now() - started;
    const expected = request.expect ?? [200];
    recorder.recordRequest({
      at,
      name: request.name,
      target: request.target ?? 'api',
      status: answer.status,
      durationMs,
      failed: answer.status === 0 || !expected.includes(answer.status),
    });
    tally.record(request.url, request.name, answer.status, answer.headers);
    return { ...answer, durationMs };
  }

  return {
    request: send,
    batch: (requests) => Promise.all(requests.map(send)),
    closeConnections: () => {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
    rateLimited: () => tally.list(),
  };
}
