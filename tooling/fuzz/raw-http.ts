/*
 * Test-only: an HTTP client that sends exactly what a fuzz case says — any method, an unnormalised and possibly
 * malformed path, raw UTF-8 bytes in header values, any body with or without a content type — which fetch refuses.
 */
import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query exactly as they go on the request line. */
  target: string;
  /** Header values are sent byte for byte (UTF-8 text is encoded first, see `headerBytes`). */
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface RawHttpClient {
  send(request: RawRequest): Promise<RawResponse>;
  close(): void;
}

/** Bytes HTTP forbids in a field value (node refuses to send them); tab is allowed. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_BYTES = /[\x00-\x08\x0a-\x1f\x7f]/g;

/** A header value as its UTF-8 bytes (node writes header strings as latin1: one char per byte), control bytes removed. */
export const headerBytes = (text: string): string =>
  Buffer.from(text, 'utf8').toString('latin1').replace(CONTROL_BYTES, '');

/** How long an event stream is read before its connection is closed. */
const STREAM_WINDOW_MS = 300;

export function createRawHttpClient(baseUrl: string, timeoutMs = 10_000): RawHttpClient {
  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  return {
    send(request) {
      return new Promise<RawResponse>((resolve, reject) => {
        const outgoing = http.request(
          {
            host: origin.hostname,
            port: origin.port,
            method: request.method,
            path: request.target,
            headers: request.body
              ? { ...request.headers, 'Content-Length': String(request.body.length) }
              : request.headers,
            agent,
            timeout: timeoutMs,
            insecureHTTPParser: false,
          },
          (response) => {
            const chunks: Buffer[] = [];
            const headers = new Headers();
            const raw = response.rawHeaders;
            for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
            const finish = () =>
              resolve({ status: response.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', finish);
            if ((headers.get('content-type') ?? '').startsWith('text/event-stream')) {
              // A stream does not end: what it sends within a short window stands for its answer.
              setTimeout(() => {
                finish();
                outgoing.destroy();
              }, STREAM_WINDOW_MS);
            }
          },
        );
        outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        outgoing.on('error', reject);
        outgoing.end(request.body);
      });
    },
    close: () => agent.destroy(),
  };
}
