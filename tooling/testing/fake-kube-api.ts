/*
 * An in-process fake of the Kubernetes API for ConfigMaps, on a real node:http server: list (with fieldSelector
 * metadata.name=…), get, merge-patch, and watch streams of ADDED / MODIFIED / DELETED / BOOKMARK / ERROR events from a
 * resourceVersion, with a bearer token check. Tests drive it: change objects, compact the history (watches from an
 * older version get ERROR 410 Gone), fail watches with another ERROR status, drop connections, stop and restart the
 * server on the same port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';

export const FAKE_KUBE_TOKEN = 'fake-kube-token';

interface ConfigMap {
  apiVersion: 'v1';
  kind: 'ConfigMap';
  metadata: { name: string; namespace: string; resourceVersion: string };
  data?: Record<string, string>;
}
type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';
interface StoredEvent {
  version: number;
  type: EventType;
  object: ConfigMap;
}
interface Watcher {
  namespace: string;
  name: string | undefined;
  res: ServerResponse;
}

export interface FakeKubeApi {
  url: string;
  /** Every request as `METHOD path?query`, in order. */
  requests: string[];
  /** When each watch request arrived (Date.now()), in order. */
  watchTimes: number[];
  put(namespace: string, name: string, data: Record<string, string>): void;
  remove(namespace: string, name: string): void;
  get(namespace: string, name: string): ConfigMap | undefined;
  /** Watch streams open now. */
  openWatches(): number;
  /** Sends a BOOKMARK at the current version to every open watch. */
  bookmark(): void;
  /** Forgets the history: watches from older versions get 410 Gone; `notify` also sends it to open watches. */
  compact(notify: boolean): void;
  /**
   * Ends every open watch with an ERROR event of this status (e.g. 500), and answers every new watch the same way
   * until called with null: an API server in trouble that still accepts connections.
   */
  failWatches(error: { code: number; message: string } | null): void;
  dropConnections(): void;
  /** The API goes away (connections refused) … */
  stop(): Promise<void>;
  /** … and comes back on the same port. */
  start(): Promise<void>;
  /** A kubeconfig file pointing at this server (plain http, token auth). */
  writeKubeconfig(path: string, namespace?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeKubeApi(): Promise<FakeKubeApi> {
  const objects = new Map<string, ConfigMap>();
  let history: StoredEvent[] = [];
  let version = 100;
  let oldestWatchable = version;
  const watchers = new Set<Watcher>();
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const watchTimes: number[] = [];
  let watchFailure: { code: number; message: string } | null = null;
  let server: Server;
  let port = 0;

  const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;
  const send = (watcher: Watcher, type: string, object: unknown) =>
    watcher.res.write(`${JSON.stringify({ type, object })}\n`);
  const matches = (watcher: Watcher, object: ConfigMap) =>
    watcher.namespace === object.metadata.namespace && (!watcher.name || watcher.name === object.metadata.name);

  function record(type: EventType, object: ConfigMap): void {
    history.push({ version, type, object });
    for (const watcher of watchers) if (matches(watcher, object)) send(watcher, type, object);
  }

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const endWatch = (watcher: Watcher, code: number, reason: string, message: string) => {
    send(watcher, 'ERROR', { kind: 'Status', code, reason, message });
    watcher.res.end();
  };
  const failWatch = (watcher: Watcher, failure: { code: number; message: string }) =>
    endWatch(watcher, failure.code, 'InternalError', failure.message);
  const expireWatch = (watcher: Watcher) => endWatch(watcher, 410, 'Expired', 'too old resource version');
  const status = (res: ServerResponse, code: number, reason: string, message: string) =>
    json(res, code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.headers.authorization !== `Bearer ${FAKE_KUBE_TOKEN}`) return status(res, 401, 'Unauthorized', 'no token');
    const match = /^\/api\/v1\/namespaces\/([^/]+)\/configmaps(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return status(res, 404, 'NotFound', 'unknown path');
    const [, namespace = '', itemName] = match;
    const selected = /^metadata\.name=(.+)$/.exec(url.searchParams.get('fieldSelector') ?? '')?.[1];
    const name = itemName ?? selected;

    if (req.method === 'GET' && url.searchParams.get('watch') === 'true') {
      const from = Number(url.searchParams.get('resourceVersion') ?? version);
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      res.flushHeaders(); // as the API server does: the client sees the watch open before any event
      const watcher: Watcher = { namespace, name, res };
      watchTimes.push(Date.now());
      if (watchFailure) return failWatch(watcher, watchFailure);
      if (from < oldestWatchable) return expireWatch(watcher);
      for (const event of history)
        if (event.version > from && matches(watcher, event.object)) send(watcher, event.type, event.object);
      watchers.add(watcher);
      res.on('close', () => watchers.delete(watcher));
      return;
    }
    if (req.method === 'GET' && !itemName) {
      const items = [...objects.values()].filter(
        (item) => item.metadata.namespace === namespace && (!name || item.metadata.name === name),
      );
      return json(res, 200, {
        kind: 'ConfigMapList',
        apiVersion: 'v1',
        metadata: { resourceVersion: String(version) },
        items,
      });
    }
    const existing = objects.get(keyOf(namespace, itemName ?? ''));
    if (!existing) return status(res, 404, 'NotFound', `configmaps "${itemName}" not found`);
    if (req.method === 'GET') return json(res, 200, existing);
    if (req.method === 'PATCH') {
      if (req.headers['content-type'] !== 'application/merge-patch+json')
        return status(res, 415, 'UnsupportedMediaType', 'merge patch only');
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const patch = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: Record<string, string> };
      api.put(namespace, existing.metadata.name, { ...existing.data, ...patch.data });
      return json(res, 200, objects.get(keyOf(namespace, existing.metadata.name)));
    }
    return status(res, 405, 'MethodNotAllowed', 'not supported');
  }

  async function listen(): Promise<void> {
    server = createServer((req, res) => void handle(req, res));
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }

  function dropConnections(): void {
    for (const socket of sockets) socket.destroy();
    watchers.clear();
  }

  const api: FakeKubeApi = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    requests,
    watchTimes,
    put(namespace, name, data) {
      version += 1;
      const existed = objects.has(keyOf(namespace, name));
      const object: ConfigMap = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, namespace, resourceVersion: String(version) },
        data,
      };
      objects.set(keyOf(namespace, name), object);
      record(existed ? 'MODIFIED' : 'ADDED', object);
    },
    remove(namespace, name) {
      const object = objects.get(keyOf(namespace, name));
      if (!object) return;
      version += 1;
      objects.delete(keyOf(namespace, name));
      record('DELETED', { ...object, metadata: { ...object.metadata, resourceVersion: String(version) } });
    },
    get: (namespace, name) => objects.get(keyOf(namespace, name)),
    openWatches: () => watchers.size,
    bookmark() {
      for (const watcher of watchers) {
        send(watcher, 'BOOKMARK', {
          kind: 'ConfigMap',
          apiVersion: 'v1',
          metadata: { resourceVersion: String(version) },
        });
      }
    },
    compact(notify) {
      history = [];
      oldestWatchable = version;
      if (!notify) return;
      for (const watcher of watchers) expireWatch(watcher);
      watchers.clear();
    },
    failWatches(error) {
      watchFailure = error;
      if (!error) return;
      for (const watcher of watchers) failWatch(watcher, error);
      watchers.clear();
    },
    dropConnections,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropConnections();
      await closed;
    },
    start: listen,
    async writeKubeconfig(path, namespace = 'default') {
      const config = {
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'fake', cluster: { server: api.url, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'fake', user: { token: FAKE_KUBE_TOKEN } }],
        contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'fake', namespace } }],
        'current-context': 'fake',
      };
      await writeFile(path, JSON.stringify(config));
    },
    close: () => api.stop(),
  };
  await listen();
  return api;
}
