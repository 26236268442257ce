/*
 * The client's address behind the gateway (DESIGN.md §12, decision 0032). The gateway (its sources are TRUST_PROXY)
 * appends GATEWAY_APPENDED_ADDRESSES entries to X-Forwarded-For; Google's regional external load balancer appends two,
 * `<client-ip>,<load-balancer-ip>`, after whatever the caller sent. So the client is the N-th entry from the end, and
 * every entry before it is the caller's own, never trusted. A request from any other source is judged by its socket
 * address; a chain too short or an entry that is not an address falls back to the socket address too.
 */
import { isIP } from 'node:net';
import type express from 'express';
import type { Request, RequestHandler, Response } from 'express';

export interface ClientAddress {
  /** The client's address, canonical (IPv4-mapped IPv6 as IPv4): what allowlists match and audit rows record. */
  address: string;
  /** What per-client limits, lockouts and stream caps count: the IPv4 address, or the IPv6 address's /64. */
  group: string;
}

export interface ClientAddressInput {
  /** The TCP peer (`req.socket.remoteAddress`); undefined once the socket is gone. */
  socketAddress: string | undefined;
  /** The X-Forwarded-For header as Node hands it (repeated headers are joined with `, `). */
  forwardedFor: string | string[] | undefined;
  /** Whether the peer is one of the gateway's sources (TRUST_PROXY). */
  isTrustedSource(socketAddress: string): boolean;
  /** How many entries the gateway appends to X-Forwarded-For (≥ 1); the client is the first of them. */
  appendedAddresses: number;
}

/** Stands for a peer whose address is unknown (its socket already closed): one group, allowed by no allowlist. */
export const UNKNOWN_CLIENT = 'unknown';

/** The client of one request (see the module comment). Never throws. */
export function resolveClientAddress(input: ClientAddressInput): ClientAddress {
  const peer = input.socketAddress === undefined ? null : canonicalAddress(input.socketAddress);
  const fromSocket = clientOf(peer ?? UNKNOWN_CLIENT);
  if (input.socketAddress === undefined || !input.isTrustedSource(input.socketAddress)) return fromSocket;
  const appended =
    Number.isInteger(input.appendedAddresses) && input.appendedAddresses >= 1 ? input.appendedAddresses : 1;
  const header = Array.isArray(input.forwardedFor) ? input.forwardedFor.join(',') : input.forwardedFor;
  if (header === undefined) return fromSocket;
  const entries = header.split(',');
  // Fewer entries than the gateway appends: the request did not pass through it as configured.
  if (entries.length < appended) return fromSocket;
  const client = canonicalAddress(entries[entries.length - appended] ?? '');
  return client === null ? fromSocket : clientOf(client);
}

function clientOf(address: string): ClientAddress {
  return { address, group: addressGroupOf(address) };
}

/**
 * The key per-client counters use: an IPv4 address itself, an IPv6 address's /64 (`2001:db8:1:2::/64`: one
 * subscriber's network, so rotating through its 2^64 addresses gains nothing). IPv4-mapped IPv6 counts as IPv4.
 * Anything that is not an address (`unknown`, an already-grouped key) comes back unchanged.
 */
export function addressGroupOf(text: string): string {
  const trimmed = text.trim();
  if (isIP(trimmed) === 4) return trimmed;
  const hextets = isIP(trimmed) === 6 ? ipv6Hextets(trimmed) : null;
  if (hextets === null) return text;
  if (isMappedIpv4(hextets)) return mappedIpv4Of(hextets);
  return `${formatIpv6([...hextets.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/**
 * An address in one spelling: IPv4 as given, IPv6 lower-case and compressed (RFC 5952) without a zone, IPv4-mapped
 * IPv6 (`::ffff:203.0.113.7`, how dual-stack sockets report IPv4 peers) as IPv4; null for anything else (a port, a
 * bracket, a hostname, `unknown`).
 */
export function canonicalAddress(text: string): string | null {
  const trimmed = text.trim();
  const family = isIP(trimmed);
  if (family === 4) return trimmed;
  if (family !== 6) return null;
  const hextets = ipv6Hextets(trimmed);
  if (hextets === null) return null;
  return isMappedIpv4(hextets) ? mappedIpv4Of(hextets) : formatIpv6(hextets);
}

const HEXTET = /^[0-9a-f]{1,4}$/i;

/** The eight 16-bit groups of an address node:net already accepted as IPv6 (a zone suffix is dropped). */
function ipv6Hextets(text: string): number[] | null {
  let body = text.split('%', 1)[0] ?? '';
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    const octets = tail.split('.').map(Number);
    if (isIP(tail) !== 4 || octets.length !== 4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    body = `${body.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string | undefined): string[] => (part ? part.split(':') : []);
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...rest];
  if (!groups.every((group) => HEXTET.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function isMappedIpv4(hextets: readonly number[]): boolean {
  return hextets.slice(0, 5).every((group) => group === 0) && hextets[5] === 0xffff;
}

function mappedIpv4Of(hextets: readonly number[]): string {
  const high = hextets[6] ?? 0;
  const low = hextets[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** RFC 5952: lower-case, no leading zeros, the longest run (≥ 2) of zero groups — the first on a tie — as `::`. */
function formatIpv6(hextets: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < hextets.length; start += 1) {
    let length = 0;
    while (start + length < hextets.length && hextets[start + length] === 0) length += 1;
    if (length > bestLength) {
      bestStart = start;
      bestLength = length;
    }
  }
  const text = hextets.map((group) => group.toString(16));
  if (bestStart < 0) return text.join(':');
  return `${text.slice(0, bestStart).join(':')}::${text.slice(bestStart + bestLength).join(':')}`;
}

/*
 * The Express side: a start step resolves the client once per request (res.locals.clientAddress),
 * and `req.ip` answers the same address, so nothing in an app can key on the load balancer's address by mistake.
 * Everything keyed by client reads clientAddressOf(res): `.address` for allowlists and audit rows, `.group` for
 * lockouts, per-IP limits and stream caps.
 */

/** Express's compiled 'trust proxy' setting: whether the hop at `address` (`hop` from the socket) is trusted. */
type TrustFunction = (address: string, hop: number) => boolean;

const neverTrusted: TrustFunction = () => false;

/** The request's client as resolved by clientAddressMiddleware; from the socket alone if that step has not run. */
export function clientAddressOf(res: Response): ClientAddress {
  const resolved: ClientAddress | undefined = res.locals.clientAddress;
  if (resolved) return resolved;
  return resolveClientAddress({
    socketAddress: res.req.socket.remoteAddress,
    forwardedFor: undefined,
    isTrustedSource: () => false,
    appendedAddresses: 1,
  });
}

function resolveFor(req: Request, trusted: TrustFunction, appendedAddresses: number): ClientAddress {
  return resolveClientAddress({
    socketAddress: req.socket.remoteAddress,
    forwardedFor: req.headers['x-forwarded-for'],
    isTrustedSource: (address) => trusted(address, 0),
    appendedAddresses,
  });
}

/**
 * Installs the client address on `app` (after its 'trust proxy' is set): returns the start step that resolves it
 * for each request, and makes `req.ip` read it.
 */
export function clientAddressMiddleware(app: express.Express, options: { appendedAddresses: number }): RequestHandler {
  const setting: unknown = app.get('trust proxy fn');
  // cast: express compiles every 'trust proxy' value into this (address, hop) => boolean with proxy-addr and stores
  // it as 'trust proxy fn' (express/lib/application.js); the typeof check covers an app that never set one.
  const trusted = typeof setting === 'function' ? (setting as TrustFunction) : neverTrusted;
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: Request): string {
      const resolved: ClientAddress | undefined = this.res?.locals.clientAddress;
      return (resolved ?? resolveFor(this, trusted, options.appendedAddresses)).address;
    },
  });
  return (req, res, next) => {
    res.locals.clientAddress = resolveFor(req, trusted, options.appendedAddresses);
    next();
  };
}
