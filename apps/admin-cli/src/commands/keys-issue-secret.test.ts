import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_KEY_PATTERN, hashApiKey } from '#shared/auth/api-key-format.js';
import { createSecretBox, WEBHOOK_SECRET_PATTERN } from '#shared/auth/secret-box.js';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY } from '#shared/config/config-fields.js';
import { createUser, type User } from '#shared/db/users/users.repository.js';
import { findApiKeyByHash } from '#shared/db/api-keys/api-keys.repository.js';
import { liveEnv, startAdminCliHarness, type AdminCliHarness } from '#tooling/kits/admin-cli/admin-cli-harness.js';
import { startFakeSecretsApi, type FakeSecretsApi } from '#tooling/kits/admin-cli/fake-kube-secrets-api.js';

interface IssuedInCluster {
  id: string;
  userId: string;
  secret: { namespace: string; name: string; entries: string[] };
}

const decoded = (data: Record<string, string> | undefined, entry: string) =>
  Buffer.from(data?.[entry] ?? '', 'base64').toString('utf8');

/** The plaintext as it could leak: raw, base64 (a Secret's encoding) and its secret part without the prefix. */
const leakForms = (plaintext: string) => [plaintext, Buffer.from(plaintext).toString('base64'), plaintext.slice(9)];

describe('foretell-admin keys issue in a cluster (KEY_HANDOVER=kubernetes-secret, as the Job sets)', () => {
  let cli: AdminCliHarness;
  let api: FakeSecretsApi;
  let directory: string;
  let clusterEnv: Record<string, string>;
  const keysOf = async (user: User) => (await cli.database.db('api_keys').where({ user_id: user.id })).length;

  beforeAll(async () => {
    [cli, api] = await Promise.all([startAdminCliHarness({ chain: false }), startFakeSecretsApi()]);
    directory = await mkdtemp(path.join(tmpdir(), 'keys-issue-secret-'));
    const kubeconfig = path.join(directory, 'config');
    await api.writeKubeconfig(kubeconfig);
    // As in the Job's pod: the cluster's address, the downward API's namespace; the token comes from the kubeconfig.
    clusterEnv = {
      KUBERNETES_SERVICE_HOST: '10.96.0.1',
      KUBECONFIG: kubeconfig,
      POD_NAMESPACE: 'foretell',
      KEY_HANDOVER: 'kubernetes-secret',
    };
  });
  afterAll(() => Promise.all([cli.stop(), api.close(), rm(directory, { recursive: true, force: true })]));

  it('writes the key into a Secret it creates (create is all it needs) and prints only where that Secret is', async () => {
    const user = await cli.newUser();
    const before = api.requests.length;
    const args = ['--actor', 'alice@ops', '--json', 'keys', 'issue', '--user', user.email, '--tier', 'enterprise'];
    const result = await cli.run([...args, '--env', 'live'], { ...liveEnv, ...clusterEnv });
    expect(result.code).toBe(0);
    const lines = result.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    // cast: the one JSON line the CLI prints on success.
    const printed = JSON.parse(lines[0] ?? '{}') as IssuedInCluster & Record<string, unknown>;
    expect(printed).toMatchObject({
      userId: user.id,
      tier: 'enterprise',
      env: 'live',
      secret: { namespace: 'foretell', name: `api-key-${printed.id}`, entries: ['apiKey'] },
    });
    expect(printed).not.toHaveProperty('key');
    expect(printed).not.toHaveProperty('webhookSecret');
    expect(api.requests.slice(before)).toEqual(['POST /api/v1/namespaces/foretell/secrets']);

    const secret = api.secret('foretell', printed.secret.name);
    expect(secret).toMatchObject({
      type: 'Opaque',
      immutable: true,
      metadata: {
        labels: { 'app.kubernetes.io/part-of': 'foretell', 'app.kubernetes.io/component': 'api-key' },
        annotations: { 'foretell/api-key-id': printed.id, 'foretell/user-id': user.id },
      },
    });
    const key = decoded(secret?.data, 'apiKey');
    expect(key).toMatch(API_KEY_PATTERN);
    expect(await findApiKeyByHash(cli.database.db, hashApiKey(liveEnv.API_KEY_PEPPER, key))).toMatchObject({
      id: printed.id,
      userId: user.id,
    });
    for (const form of leakForms(key)) expect(result.out + result.err).not.toContain(form);

    const [audit] = await cli.auditOf('api_key', printed.id);
    expect(audit).toMatchObject({
      actor: 'alice@ops',
      action: 'keys.issue',
      details: { handedOverTo: `secret foretell/${printed.secret.name}` },
    });
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('puts the webhook secret in the same Secret, and the human output names the Secret but holds neither', async () => {
    const user = await cli.newUser();
    const result = await cli.run(
      ['keys', 'issue', '--user', user.id, '--tier', 'mm', '--env', 'test', '--webhook-url', 'http://127.0.0.1:9/h'],
      clusterEnv,
    );
    expect(result.code).toBe(0);
    const [secret] = api
      .secrets()
      .filter((candidate) => candidate.metadata.annotations?.['foretell/user-id'] === user.id);
    const name = secret?.metadata.name ?? '';
    expect(result.out).toContain(`secret          foretell/${name} (entries: apiKey, webhookSecret)`);
    const key = decoded(secret?.data, 'apiKey');
    const webhookSecret = decoded(secret?.data, 'webhookSecret');
    expect(webhookSecret).toMatch(WEBHOOK_SECRET_PATTERN);
    const [row] = await cli.database.db('api_keys').where({ user_id: user.id }).select('webhook_secret_enc');
    expect(createSecretBox(DEVELOPMENT_WEBHOOK_SECRET_KEY).open(row.webhook_secret_enc)).toBe(webhookSecret);
    for (const form of [...leakForms(key), ...leakForms(webhookSecret)]) {
      expect(result.out + result.err).not.toContain(form);
    }
  });

  it('prints the key at a terminal inside a pod (kubectl exec, a toolbox with some kubeconfig) and writes no Secret', async () => {
    const user = await cli.newUser();
    const before = api.requests.length;
    const { KEY_HANDOVER: _handover, ...inAPod } = clusterEnv;
    const result = await cli.runJson<{ key: string; secret?: unknown }>(
      ['keys', 'issue', '--user', user.id, '--tier', 'free', '--env', 'test'],
      inAPod,
    );
    expect(result.code).toBe(0);
    expect(result.json.key).toMatch(API_KEY_PATTERN);
    expect(result.json.secret).toBeUndefined();
    expect(api.requests.slice(before)).toEqual([]);
  });

  it('refuses the Secret hand-over without the pod’s namespace, issuing nothing', async () => {
    const user = await cli.newUser();
    const { POD_NAMESPACE: _namespace, ...withoutNamespace } = clusterEnv;
    const result = await cli.run(
      ['keys', 'issue', '--user', user.id, '--tier', 'free', '--env', 'test'],
      withoutNamespace,
    );
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/POD_NAMESPACE/);
    expect(await keysOf(user)).toBe(0);
  });

  it('issues no key when the API refuses the Secret, and says which account the Job needs (exit 69)', async () => {
    const user = await cli.newUser();
    api.allow([]);
    try {
      const result = await cli.runJson<{ error: { code: string; message: string } }>(
        ['keys', 'issue', '--user', user.id, '--tier', 'free', '--env', 'test'],
        clusterEnv,
      );
      expect([result.code, result.json.error.code]).toEqual([69, 'DEPENDENCY_UNAVAILABLE']);
      expect(result.json.error.message).toMatch(/HTTP 403.*foretell-key-issuer.*No key was issued/);
      expect(await keysOf(user)).toBe(0);
      expect(result.out + result.err).not.toMatch(/svc_(live|test)_/);
    } finally {
      api.allow(['create']);
    }
  });

  it('as a process of its own, writes no plaintext to stdout or stderr', async () => {
    const user = await cli.newUser();
    const result = await cli.spawn(
      ['--json', 'keys', 'issue', '--user', user.id, '--tier', 'developer', '--env', 'live'],
      {
        env: { ...liveEnv, ...clusterEnv },
        timeoutMs: 60_000,
      },
    );
    expect([result.code, result.stderr]).toEqual([0, '']);
    // cast: the one JSON line the CLI prints on success.
    const printed = JSON.parse(result.stdout) as IssuedInCluster;
    const key = decoded(api.secret('foretell', printed.secret.name)?.data, 'apiKey');
    expect(key).toMatch(API_KEY_PATTERN);
    for (const form of leakForms(key)) expect(result.stdout + result.stderr).not.toContain(form);
  }, 90_000);
});

describe('foretell-admin keys issue at a terminal (no cluster)', () => {
  let cli: AdminCliHarness;

  beforeAll(async () => {
    cli = await startAdminCliHarness({ chain: false });
  });
  afterAll(() => cli.stop());

  it('still prints the key once and creates no Secret', async () => {
    const user = await createUser(cli.database.db, { email: `terminal-${randomUUID()}@example.test` });
    const result = await cli.runJson<{ key: string; secret?: unknown }>([
      'keys',
      'issue',
      '--user',
      user.id,
      '--tier',
      'free',
      '--env',
      'test',
    ]);
    expect(result.code).toBe(0);
    expect(result.json.key).toMatch(API_KEY_PATTERN);
    expect(result.json.secret).toBeUndefined();
  });
});
