/** The webhook URL policy with the system resolver: `localhost` comes from /etc/hosts and literals resolve to themselves, so no network is needed. */
import { describe, expect, it } from '@jest/globals';
import {
  checkWebhookUrl,
  findNonPublicAddress,
  lookupAllAddresses,
  type HostLookup,
  type WebhookUrlPolicy,
} from './webhook-url-policy.js';
import { appErrorOf } from '#tooling/testing/app-error-rejection.js';

const live: WebhookUrlPolicy = { httpsOnly: true, allowPrivateTargets: false, lookup: lookupAllAddresses };
const test: WebhookUrlPolicy = { httpsOnly: false, allowPrivateTargets: true, lookup: lookupAllAddresses };

const resolvingTo =
  (...addresses: string[]): HostLookup =>
  async () =>
    addresses;
const failingWith =
  (code: string): HostLookup =>
  async () => {
    throw Object.assign(new Error(`getaddrinfo ${code}`), { code });
  };

describe('findNonPublicAddress with the system resolver', () => {
  it('finds the loopback address localhost resolves to', async () => {
    expect(await findNonPublicAddress('localhost', lookupAllAddresses)).toEqual({
      address: expect.stringMatching(/^(127\.|::1$)/),
      range: { kind: 'loopback', cidr: expect.stringMatching(/^(127\.0\.0\.0\/8|::1\/128)$/) },
    });
  });

  it('finds nothing for a public address literal, and the range of a private one', async () => {
    expect(await findNonPublicAddress('93.184.216.34', lookupAllAddresses)).toBeNull();
    expect(await findNonPublicAddress('10.20.30.40', lookupAllAddresses)).toEqual({
      address: '10.20.30.40',
      range: { kind: 'private', cidr: '10.0.0.0/8' },
    });
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    ['https://localhost/hook', /localhost names the local host/],
    ['https://LOCALHOST.:8443/hook', /localhost names the local host/],
    ['https://api.localhost/hook', /api\.localhost names the local host/],
    ['https://127.0.0.1/hook', /127\.0\.0\.1 is in the loopback range 127\.0\.0\.0\/8/],
    ['https://2130706433/hook', /127\.0\.0\.1 is in the loopback range/],
    ['https://0x7f.1/hook', /127\.0\.0\.1 is in the loopback range/],
    ['https://10.0.0.8/hook', /10\.0\.0\.8 is in the private range 10\.0\.0\.0\/8/],
    ['https://192.168.1.1/hook', /in the private range 192\.168\.0\.0\/16/],
    ['https://169.254.169.254/latest/meta-data', /in the link-local range 169\.254\.0\.0\/16/],
    ['https://0.0.0.0/hook', /in the unspecified range 0\.0\.0\.0\/8/],
    ['https://[::1]/hook', /::1 is in the loopback range ::1\/128/],
    ['https://[fd00::1]/hook', /in the unique-local range fc00::\/7/],
    ['https://[fe80::1]/hook', /in the link-local range fe80::\/10/],
    ['https://[::ffff:127.0.0.1]/hook', /in the loopback \(IPv4-mapped\) range 127\.0\.0\.0\/8/],
    ['https://[::ffff:a00:1]/hook', /in the private \(IPv4-mapped\) range 10\.0\.0\.0\/8/],
  ])('refuses the live webhook URL %s with VALIDATION_FAILED', async (url, reason) => {
    const error = await appErrorOf(checkWebhookUrl(url, live));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.detail).toMatch(/^--webhook-url must reach a public address: /);
    expect(error.detail).toMatch(reason);
  });

  it('refuses a live host name when any of its addresses is not public', async () => {
    const policy = { ...live, lookup: resolvingTo('93.184.216.34', '2606:2800:220:1::1', '10.1.2.3') };
    const error = await appErrorOf(checkWebhookUrl('https://hooks.example.test/x', policy));
    expect(error.detail).toContain('hooks.example.test resolves to 10.1.2.3, in the private range 10.0.0.0/8');
  });

  it('accepts a live host name whose every address is public, and public address literals', async () => {
    const policy = { ...live, lookup: resolvingTo('93.184.216.34', '2606:2800:220:1::1') };
    await expect(checkWebhookUrl('https://hooks.example.test/x', policy)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('https://93.184.216.34/x', live)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('https://[2606:4700:4700::1111]:443/x', live)).resolves.toBeInstanceOf(URL);
  });

  it('refuses a live URL on another port than 443, which the deployed network policy would never let out', async () => {
    const error = await appErrorOf(checkWebhookUrl('https://93.184.216.34:8443/x', live));
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: '--webhook-url of a live key must use https on port 443 (got port 8443)',
    });
  });

  it('refuses a live host name that does not resolve, and reports a resolver that does not answer as unavailable', async () => {
    const missing = await appErrorOf(
      checkWebhookUrl('https://gone.example.test/', { ...live, lookup: failingWith('ENOTFOUND') }),
    );
    expect(missing).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringContaining('does not resolve') });
    const empty = await appErrorOf(checkWebhookUrl('https://gone.example.test/', { ...live, lookup: resolvingTo() }));
    expect(empty.code).toBe('VALIDATION_FAILED');
    const down = await appErrorOf(
      checkWebhookUrl('https://hooks.example.test/', { ...live, lookup: failingWith('EAI_AGAIN') }),
    );
    expect(down).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', detail: expect.stringContaining('EAI_AGAIN') });
  });

  it('lets test keys target loopback and private hosts over http without resolving them', async () => {
    const policy = { ...test, lookup: failingWith('EAI_AGAIN') };
    for (const url of ['http://localhost:4000/hook', 'http://127.0.0.1:4000/hook', 'https://10.0.0.8/hook']) {
      await expect(checkWebhookUrl(url, policy)).resolves.toBeInstanceOf(URL);
    }
  });

  it.each(['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/hook', 'http://[::ffff:a9fe:a9fe]/'])(
    'refuses the link-local literal %s even for a test key (cloud metadata)',
    async (url) => {
      const error = await appErrorOf(checkWebhookUrl(url, test));
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringContaining('link-local') });
    },
  );

  it('returns the URL normalised, as it is stored', async () => {
    const url = await checkWebhookUrl('HTTP://LOCALHOST:4000/a/../hook', test);
    expect(url.href).toBe('http://localhost:4000/hook');
  });

  it.each([
    ['http://93.184.216.34/hook', live, /must use https/],
    ['ftp://hooks.example.test/', test, /must use https or http/],
    ['not a url', test, /absolute http\(s\) URL/],
    ['https://user:pass@93.184.216.34/', live, /must not carry credentials/],
    [`https://93.184.216.34/${'a'.repeat(2048)}`, live, /at most 2048 characters/],
  ])('refuses %s with VALIDATION_FAILED', async (url, policy, reason) => {
    const error = await appErrorOf(checkWebhookUrl(url, policy));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringMatching(reason) });
  });
});
