/*
 * One webhook POST (DESIGN §6): keep-alive agents, a hard deadline (10 s by default) over connect, headers and
 * body, redirects never followed (a 3xx is just an answer), and SSRF protection at connect time: every address a
 * name resolves to passes the policy before the socket connects, and the socket's remote address is checked again
 * on every request, so a kept-alive connection or a DNS answer that changed since the URL was registered cannot
 * reach a refused address. Never throws: every failure becomes a failure code.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import { lookupAllAddresses, refusedDeliveryAddress } from '#shared/webhooks/webhook-url-policy.js';
import { type DeliveryFailureCode } from './delivery-schedule.js';
import { sanitizedExcerpt } from './response-excerpt.js';

export interface WebhookPostResult {
  statusCode: number | null;
  failureCode: DeliveryFailureCode | null;
  /** What the receiver answered (a bounded, sanitised excerpt) or why there was no answer. */
  message: string | null;
}

export interface WebhookPoster {
  post(url: string, body: string, headers: Record<string, string>): Promise<WebhookPostResult>;
  close(): void;
}

/** Resolves a host name to all its addresses (the system resolver by default; tests inject names). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export interface WebhookPosterOptions {
  timeoutMs: number;
  /** Live: https only. */
  httpsOnly: boolean;
  allowPrivateTargets: boolean;
  resolve?: ResolveAll;
  /** TLS trust for tests (a self-signed receiver); production uses the system store. */
  ca?: string | Buffer;
  maxSocketsPerHost?: number;
}

const systemResolve: ResolveAll = async (hostname) =>
  (await lookupAllAddresses(hostname)).map((address) => ({ address, family: isIP(address) }));

class RefusedTarget extends Error {
  readonly code = 'TARGET_REFUSED';
}

const BODY_READ_LIMIT = 64 * 1024;

export function createWebhookPoster(options: WebhookPosterOptions): WebhookPoster {
  const resolve = options.resolve ?? systemResolve;
  const agentOptions = { keepAlive: true, maxSockets: options.maxSocketsPerHost ?? 64, scheduling: 'fifo' as const };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent({ ...agentOptions, ...(options.ca ? { ca: options.ca } : {}) });

  /** net.connect's `lookup`: resolve, refuse the whole name if any address is refused, hand back the rest. */
  const checkedLookup = (
    hostname: string,
    lookupOptions: LookupOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    resolve(hostname).then(
      (addresses) => {
        for (const entry of addresses) {
          const refused = refusedDeliveryAddress(entry.address, options.allowPrivateTargets);
          if (refused) return callback(new RefusedTarget(`${hostname} resolves to ${refused}`), '');
        }
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        if (lookupOptions.all) return callback(null, addresses);
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };

  async function post(url: string, body: string, headers: Record<string, string>): Promise<WebhookPostResult> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { statusCode: null, failureCode: 'URL_NOT_ALLOWED', message: 'the webhook URL does not parse' };
    }
    const allowed = options.httpsOnly ? ['https:'] : ['https:', 'http:'];
    if (!allowed.includes(target.protocol)) {
      return {
        statusCode: null,
        failureCode: 'URL_NOT_ALLOWED',
        message: `${target.protocol} URLs are not delivered to`,
      };
    }
    const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) !== 0) {
      const refused = refusedDeliveryAddress(literal, options.allowPrivateTargets);
      if (refused) return { statusCode: null, failureCode: 'TARGET_REFUSED', message: `refused: ${refused}` };
    }
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<WebhookPostResult>((settle) => {
      let settled = false;
      /** Settles with the response's status once it came (its body may still be arriving). */
      let answered: (() => void) | undefined;
      const finish = (result: WebhookPostResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        settle(result);
      };
      const request = client.request(target, {
        method: 'POST',
        agent: target.protocol === 'https:' ? httpsAgent : httpAgent,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        lookup: checkedLookup,
      });
      // Past the deadline an answer whose status came counts by that status (any 2xx acknowledges, spec), however
      // much of its body is still to come; without one, the attempt timed out.
      const deadline = setTimeout(() => {
        if (answered) answered();
        else {
          finish({
            statusCode: null,
            failureCode: 'TIMEOUT',
            message: `no complete answer within ${options.timeoutMs} ms`,
          });
        }
        request.destroy();
      }, options.timeoutMs);
      request.on('socket', (socket: Socket) => {
        const check = () => {
          const address = socket.remoteAddress;
          const refused = address ? refusedDeliveryAddress(address, options.allowPrivateTargets) : null;
          if (refused) request.destroy(new RefusedTarget(`connected to ${refused}`));
        };
        if (socket.remoteAddress) check();
        else socket.once('connect', check);
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          if (read < 1024) chunks.push(chunk);
          read += chunk.length;
          if (read > BODY_READ_LIMIT) response.destroy();
        });
        answered = () =>
          finish({
            statusCode: response.statusCode ?? null,
            failureCode: null,
            message: sanitizedExcerpt(Buffer.concat(chunks)),
          });
        response.on('end', answered);
        response.on('close', answered);
        response.on('error', answered);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        finish({
          statusCode: null,
          failureCode: failureCodeOfError(error),
          message: sanitizedExcerpt(Buffer.from(error.message)),
        });
      });
      request.end(body);
    });
  }

  return {
    post,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_)/;

function failureCodeOfError(error: NodeJS.ErrnoException): DeliveryFailureCode {
  const code = error.code ?? '';
  if (code === 'TARGET_REFUSED') return 'TARGET_REFUSED';
  if (code === 'ECONNREFUSED') return 'CONNECTION_REFUSED';
  if (code === 'ECONNRESET' || code === 'EPIPE' || error.message === 'socket hang up') return 'CONNECTION_RESET';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA' || code === 'EAI_NONAME') return 'DNS_FAILURE';
  if (code === 'ETIMEDOUT') return 'TIMEOUT';
  if (TLS_CODES.test(code)) return 'TLS_ERROR';
  return 'NETWORK_ERROR';
}
