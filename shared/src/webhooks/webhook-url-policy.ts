import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../errors/app-error.js';
import { codeOf } from '../errors/thrown-values.js';
import { isLocalhostName, nonPublicRange, type NonPublicRange } from './ip-ranges.js';

/** Every address a host name resolves to (IPv4 and IPv6). */
export type HostLookup = (hostname: string) => Promise<string[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address, in the resolver's order. */
export const lookupAllAddresses: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface WebhookUrlPolicy {
  /**
   * Live keys: https on its own port (443) only, the one way out the deployed dispatcher's network policy opens to
   * the internet (cdk8s/lib/network-policies.ts: 443, and 80 for test keys' http).
   */
  httpsOnly: boolean;
  /**
   * Test keys: loopback and private targets (a receiver on the developer's machine) are fine and names are not
   * resolved; a link-local address literal (cloud metadata lives at 169.254.169.254) is refused for every key.
   */
  allowPrivateTargets: boolean;
  lookup: HostLookup;
}

/** Name lookups that mean "this name has no address" rather than "the resolver did not answer". */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);
const MAX_URL_LENGTH = 2048;

const invalid = (detail: string): AppError => new AppError('VALIDATION_FAILED', { detail });

/**
 * `--webhook-url`: an absolute http(s) URL without credentials, https only for live keys and, unless private
 * targets are allowed, a host that is neither `localhost` nor a non-public address literal and that resolves only
 * to public addresses (DESIGN §6: receivers are protected from SSRF). Refusals are VALIDATION_FAILED; a resolver
 * that does not answer is DEPENDENCY_UNAVAILABLE.
 */
export async function checkWebhookUrl(text: string, policy: WebhookUrlPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`--webhook-url must be an absolute http(s) URL (got "${text}")`);
  }
  if (text.length > MAX_URL_LENGTH) throw invalid(`--webhook-url must be at most ${MAX_URL_LENGTH} characters`);
  const allowed = policy.httpsOnly ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw invalid(`--webhook-url must use ${allowed.join(' or ').replace(/:/g, '')} (got "${text}")`);
  }
  if (url.username || url.password) throw invalid('--webhook-url must not carry credentials');
  if (policy.allowPrivateTargets) refuseLinkLocalLiteral(url.hostname);
  else await checkPublicHost(url.hostname, policy.lookup);
  // WHATWG URL parsing leaves `port` empty for the scheme's default (443 for https).
  if (policy.httpsOnly && url.port !== '') {
    throw invalid(`--webhook-url of a live key must use https on port 443 (got port ${url.port})`);
  }
  return url;
}

/**
 * A URL's host without IPv6 brackets or trailing dots. WHATWG URL parsing already turned 0x7f.1, 2130706433 and
 * 127.1 into 127.0.0.1.
 */
const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');

function refuseLinkLocalLiteral(hostname: string): void {
  const host = bareHost(hostname);
  const range = isIP(host) === 0 ? null : nonPublicRange(host);
  if (range?.kind.startsWith('link-local')) {
    throw invalid(`--webhook-url must not target ${host}, ${rangeText(range)} (cloud metadata): refused for every key`);
  }
}

/** Refuses a host that is, or resolves to, an address outside public unicast. */
async function checkPublicHost(hostname: string, resolve: HostLookup): Promise<void> {
  const host = bareHost(hostname);
  if (isIP(host) !== 0) {
    const range = nonPublicRange(host);
    if (range) throw notPublic(`${host} is ${rangeText(range)}`);
    return;
  }
  if (isLocalhostName(host)) throw notPublic(`${host} names the local host`);
  const found = await findNonPublicAddress(host, resolve);
  if (found) throw notPublic(`${host} resolves to ${found.address}, ${rangeText(found.range)}`);
}

/**
 * Resolves `hostname` and returns the first address outside public unicast, or null when every address is
 * public. A name without addresses is refused (VALIDATION_FAILED), a resolver failure is DEPENDENCY_UNAVAILABLE.
 */
export async function findNonPublicAddress(
  hostname: string,
  resolve: HostLookup,
): Promise<{ address: string; range: NonPublicRange } | null> {
  let addresses: string[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    const code = codeOf(error);
    if (typeof code === 'string' && NO_SUCH_NAME.has(code)) {
      throw invalid(`--webhook-url host ${hostname} does not resolve (${code}): publish its DNS records first`);
    }
    throw new AppError('DEPENDENCY_UNAVAILABLE', {
      detail: `could not resolve the --webhook-url host ${hostname} (${typeof code === 'string' ? code : String(error)})`,
      cause: error,
    });
  }
  if (addresses.length === 0) throw invalid(`--webhook-url host ${hostname} does not resolve to any address`);
  for (const address of addresses) {
    const range = nonPublicRange(address);
    if (range) return { address, range };
  }
  return null;
}

function rangeText(range: NonPublicRange): string {
  return `in the ${range.kind} range ${range.cidr}`;
}

function notPublic(reason: string): AppError {
  return invalid(
    `--webhook-url must reach a public address: ${reason}. ` +
      'Only test keys may target loopback, private, link-local or unique-local addresses',
  );
}

/**
 * The connect-time half of the policy (the dispatcher, on every delivery): why `address`, the address a delivery
 * is about to connect to, is refused, or null when it may be used. Link-local (cloud metadata) is refused for
 * every deployment; the other non-public ranges unless the deployment allows private targets (local/test).
 * The reason names the kind of address only ("a private address"), never the address: it reaches the key's
 * `lastErrorMessage`, and which internal address a customer's host name resolved to is not theirs to learn.
 */
export function refusedDeliveryAddress(address: string, allowPrivateTargets: boolean): string | null {
  const range = nonPublicRange(bareHost(address));
  if (!range) return null;
  if (allowPrivateTargets && !range.kind.startsWith('link-local')) return null;
  return `a ${range.kind} address`;
}
