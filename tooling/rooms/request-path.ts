/*
 * `npx tsx tooling/rooms/request-path.ts`: the files `POST /v1/trades` runs through before its use case
 * (createTrade in apps/trading-api/src/use-cases/create-trade.use-case.ts), measured, not guessed. The trading API
 * runs in this process against a test database and Redis (tooling/kits). A worker thread attaches V8's inspector to
 * this thread, resets the precise coverage, and sets a breakpoint on the use case's first line; one warm request
 * then runs until it enters the use case, where the worker takes the coverage: every file of apps/ or shared/ with a
 * function called since the reset is on the request's path to its use case. Nothing after that point counts.
 */
import { randomUUID } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { callAs, createCaller, startTradingApiKit } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { repositoryRoot } from '#tooling/repository-root.js';

const USE_CASE_FILE = 'create-trade.use-case.ts';
const USE_CASE_DECLARATION = 'function createTrade(';

/** Runs in the worker (CommonJS, plain JavaScript): the inspector session on the main thread. */
const probe = `
const { parentPort, workerData } = require('node:worker_threads');
const { Session } = require('node:inspector');
const session = new Session();
session.connectToMainThread();
const post = (method, params = {}) =>
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
const scripts = new Map();
session.on('Debugger.scriptParsed', ({ params }) => scripts.set(params.url, params.scriptId));
session.on('Debugger.paused', async () => {
  const { result } = await post('Profiler.takePreciseCoverage');
  const ran = result.filter((script) => script.functions.some((fn) => fn.ranges[0] && fn.ranges[0].count > 0));
  parentPort.postMessage({ kind: 'path', urls: ran.map((script) => script.url) });
  await post('Debugger.resume');
});
parentPort.on('message', async () => {
  const url = [...scripts.keys()].find((candidate) => candidate.endsWith(workerData.file));
  if (!url) return parentPort.postMessage({ kind: 'error', message: 'the use case is not loaded' });
  const scriptId = scripts.get(url);
  const { scriptSource } = await post('Debugger.getScriptSource', { scriptId });
  const declared = scriptSource.indexOf(workerData.declaration);
  if (declared < 0) return parentPort.postMessage({ kind: 'error', message: 'no ' + workerData.declaration + ' in ' + url });
  // The body's first statement: after the '{' that follows the parameter list (the transpiled code is compact).
  const body = scriptSource.indexOf('{', scriptSource.indexOf(')', declared)) + 1;
  const before = scriptSource.slice(0, body).split('\\n');
  const location = { scriptId, lineNumber: before.length - 1, columnNumber: before[before.length - 1].length };
  await post('Debugger.setBreakpoint', { location });
  await post('Profiler.takePreciseCoverage');
  parentPort.postMessage({ kind: 'armed' });
});
(async () => {
  await post('Profiler.enable');
  await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await post('Debugger.enable');
  parentPort.postMessage({ kind: 'ready' });
})();
`;

type ProbeMessage =
  { kind: 'ready' } | { kind: 'armed' } | { kind: 'path'; urls: string[] } | { kind: 'error'; message: string };

const worker = new Worker(probe, {
  eval: true,
  workerData: { file: USE_CASE_FILE, declaration: USE_CASE_DECLARATION },
});
const next = (kind: ProbeMessage['kind']) =>
  new Promise<ProbeMessage>((resolve, reject) => {
    const onMessage = (message: ProbeMessage) => {
      if (message.kind === 'error') reject(new Error(message.message));
      else if (message.kind === kind) {
        worker.off('message', onMessage);
        resolve(message);
      }
    };
    worker.on('message', onMessage);
  });
await next('ready');

const kit = await startTradingApiKit();
const caller = await createCaller(kit);
// A market that does not exist: the request passes the whole edge and the handler, and the use case answers 404.
const trade = () =>
  callAs(kit, caller, 'POST', '/v1/trades', {
    body: { marketId: randomUUID(), outcomeIndex: 0, amount: '1.00', side: 'buy' },
  });
const warm = await trade();
if (warm.status !== 404) throw new Error(`expected the use case's 404, got ${warm.status} ${warm.text}`);

const armed = next('armed');
worker.postMessage('arm');
await armed;
const path = next('path');
const measured = await trade();
const message = await path;
await kit.close();
await worker.terminate();
if (measured.status !== 404 || message.kind !== 'path') throw new Error(`unexpected ${measured.status}`);

const files = message.urls
  .filter((url) => url.startsWith('file://'))
  .map((url) => relative(repositoryRoot, fileURLToPath(url)))
  .filter((file) => /^(apps|shared)\//.test(file) && !file.endsWith(USE_CASE_FILE))
  .sort();
process.stdout.write(`${files.join('\n')}\n\nPOST /v1/trades reaches its use case through ${files.length} files\n`);
process.exit(0);
