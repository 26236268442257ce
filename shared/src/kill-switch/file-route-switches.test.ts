import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { captureLogs, waitFor } from '#tooling/testing/http-test-kit.js';
import { createFileRouteSwitches } from './file-route-switches.js';
import type { RouteSwitches } from './route-switches.js';

let directory: string;
let switches: RouteSwitches | undefined;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'route-switches-'));
});

afterEach(async () => {
  await switches?.close();
  switches = undefined;
  await rm(directory, { recursive: true, force: true });
});

const disabledWithin = (timeoutMs: number, routeId: string, expected: boolean) =>
  waitFor(async () => (switches?.isDisabled(routeId) === expected ? true : undefined), timeoutMs);

describe('createFileRouteSwitches', () => {
  it('reads the list from the file at start, ignoring the fallback', async () => {
    const file = path.join(directory, 'ROUTE_DISABLED');
    await writeFile(file, 'POST /v1/trades\n# comment\nGET /api/markets');
    switches = await createFileRouteSwitches({ path: file, fallback: ['GET /fallback'], logger: captureLogs().logger });
    expect(switches.disabledRoutes()).toEqual(['POST /v1/trades', 'GET /api/markets']);
  });

  it('uses the fallback list and logs when the file is missing at start', async () => {
    const logs = captureLogs();
    switches = await createFileRouteSwitches({
      path: path.join(directory, 'absent'),
      fallback: ['GET /fallback'],
      logger: logs.logger,
    });
    expect(switches.disabledRoutes()).toEqual(['GET /fallback']);
    expect(logs.text()).toContain('route switches file unreadable');
  });

  it('applies an edit within 1 s without a restart and notifies listeners', async () => {
    const file = path.join(directory, 'ROUTE_DISABLED');
    await writeFile(file, '');
    switches = await createFileRouteSwitches({ path: file, fallback: [], logger: captureLogs().logger });
    const changes: string[][] = [];
    switches.onChange((routes) => changes.push(routes));

    await writeFile(file, 'POST /v1/trades');
    await disabledWithin(1_000, 'POST /v1/trades', true);
    await writeFile(file, '');
    await disabledWithin(1_000, 'POST /v1/trades', false);
    expect(changes).toEqual([['POST /v1/trades'], []]);
  });

  it('follows a Kubernetes ConfigMap volume update (atomic ..data symlink swap) through the directory watch', async () => {
    const file = path.join(directory, 'ROUTE_DISABLED');
    await mkdir(path.join(directory, '..2026_01'));
    await writeFile(path.join(directory, '..2026_01', 'ROUTE_DISABLED'), '');
    await symlink('..2026_01', path.join(directory, '..data'));
    await symlink(path.join('..data', 'ROUTE_DISABLED'), file);
    // A poll this slow cannot explain a sub-second flip: the directory watch must catch the swap.
    switches = await createFileRouteSwitches({
      path: file,
      fallback: [],
      logger: captureLogs().logger,
      pollIntervalMs: 60_000,
    });
    expect(switches.disabledRoutes()).toEqual([]);

    await mkdir(path.join(directory, '..2026_02'));
    await writeFile(path.join(directory, '..2026_02', 'ROUTE_DISABLED'), 'GET /api/markets/:id/quote');
    await symlink('..2026_02', path.join(directory, '..data_tmp'));
    await rename(path.join(directory, '..data_tmp'), path.join(directory, '..data'));
    await rm(path.join(directory, '..2026_01'), { recursive: true });

    await disabledWithin(1_000, 'GET /api/markets/:id/quote', true);
  });

  it('keeps the last good list when the file disappears, logging once, and recovers when it returns', async () => {
    const logs = captureLogs();
    const file = path.join(directory, 'ROUTE_DISABLED');
    await writeFile(file, 'POST /v1/trades');
    const fileSwitches = await createFileRouteSwitches({
      path: file,
      fallback: [],
      logger: logs.logger,
      pollIntervalMs: 60_000,
    });
    switches = fileSwitches;

    await unlink(file);
    for (let read = 0; read < 3; read += 1) await fileSwitches.reload();
    expect(switches.disabledRoutes()).toEqual(['POST /v1/trades']);
    expect(logs.text().match(/unreadable/g)).toHaveLength(1);

    await writeFile(file, 'GET /v1/markets');
    await fileSwitches.reload();
    expect(switches.disabledRoutes()).toEqual(['GET /v1/markets']);
    expect(logs.text()).toContain('readable again');
  });

  it('picks up a file whose directory only appears after start', async () => {
    const nested = path.join(directory, 'later');
    const file = path.join(nested, 'ROUTE_DISABLED');
    switches = await createFileRouteSwitches({ path: file, fallback: [], logger: captureLogs().logger });
    await mkdir(nested);
    await writeFile(file, '*');
    await disabledWithin(1_000, 'GET /anything', true);
  });

  it('stops applying changes once closed', async () => {
    const file = path.join(directory, 'ROUTE_DISABLED');
    await writeFile(file, '');
    const closed = await createFileRouteSwitches({ path: file, fallback: [], logger: captureLogs().logger });
    await closed.close();
    await writeFile(file, 'POST /v1/trades');
    await closed.reload();
    expect(closed.isDisabled('POST /v1/trades')).toBe(false);
  });
});
