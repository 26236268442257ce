/*
 * Test-only: an in-process fake of the Kubernetes API for Secrets, on a real node:http server, for `keys issue` in a
 * cluster. It speaks create (POST, 409 when the name is taken), get and list, checks a bearer token, and authorizes
 * each verb like an RBAC Role would (403 Forbidden for a verb the token's Role lacks). The ConfigMap fake of the route
 * switches is tooling/testing/fake-kube-api.ts; this one keeps its own store and its own Role.
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SECRETS_TOKEN = 'fake-key-issuer-token';

export type SecretVerb = 'create' | 'get' | 'list';

export interface StoredSecret {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: {
    name: string;
    namespace: string;
    resourceVersion: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  data?: Record<string, string>;
  [field: string]: unknown;
}

export interface FakeSecretsApi {
  url: string;
  /** Every request as `METHOD path`, in order. */
  requests: string[];
  /** The stored Secret, read directly (not through the API and its Role). */
  secret(namespace: string, name: string): StoredSecret | undefined;
  secrets(): StoredSecret[];
  /** The verbs the token may use from now on (default: create only, the key issuer's Role). */
  allow(verbs: readonly SecretVerb[]): void;
  /** A kubeconfig file pointing at this server (plain http, token auth). */
  writeKubeconfig(path: string, namespace?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeSecretsApi(): Promise<FakeSecretsApi> {
  const store = new Map<string, StoredSecret>();
  const requests: string[] = [];
  let allowed = new Set<SecretVerb>(['create']);
  let version = 1;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const status = (res: ServerResponse, code: number, reason: string, message: string) =>
    json(res, code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${FAKE_SECRETS_TOKEN}`) return status(res, 401, 'Unauthorized', 'token');
    const match = /^\/api\/v1\/namespaces\/([^/]+)\/secrets(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return status(res, 404, 'NotFound', 'unknown path');
    const [, namespace = '', name] = match;
    const verb: SecretVerb | undefined =
      req.method === 'POST' && !name ? 'create' : req.method === 'GET' ? (name ? 'get' : 'list') : undefined;
    if (!verb) return status(res, 405, 'MethodNotAllowed', 'not supported');
    if (!allowed.has(verb)) {
      return status(res, 403, 'Forbidden', `secrets is forbidden: cannot ${verb} resource "secrets" in "${namespace}"`);
    }
    if (verb === 'list') {
      const items = [...store.values()].filter((secret) => secret.metadata.namespace === namespace);
      return json(res, 200, { kind: 'SecretList', apiVersion: 'v1', metadata: {}, items });
    }
    if (verb === 'get') {
      const found = store.get(`${namespace}/${name}`);
      return found ? json(res, 200, found) : status(res, 404, 'NotFound', `secrets "${name}" not found`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk as Uint8Array));
    // cast: a test double trusts the client it tests; the assertions read the fields they check.
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StoredSecret;
    const key = `${namespace}/${body.metadata.name}`;
    if (store.has(key)) return status(res, 409, 'AlreadyExists', `secrets "${body.metadata.name}" already exists`);
    version += 1;
    const created: StoredSecret = { ...body, metadata: { ...body.metadata, namespace, resourceVersion: `${version}` } };
    store.set(key, created);
    return json(res, 201, created);
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // cast: a server listening on TCP reports an AddressInfo.
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    secret: (namespace, name) => store.get(`${namespace}/${name}`),
    secrets: () => [...store.values()],
    allow(verbs) {
      allowed = new Set(verbs);
    },
    async writeKubeconfig(path, namespace = 'default') {
      const config = {
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'fake', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'key-issuer', user: { token: FAKE_SECRETS_TOKEN } }],
        contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'key-issuer', namespace } }],
        'current-context': 'fake',
      };
      await writeFile(path, JSON.stringify(config));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
