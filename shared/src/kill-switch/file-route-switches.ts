import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codeOf } from '../errors/thrown-values.js';
import type { Logger } from '../logger/logger.js';
import { coalescedTask } from '../streams/coalesced-task.js';
import { parseRouteList } from './route-list.js';
import type { RouteSwitchObserver } from './route-switch-observer.js';
import { createMutableRouteSwitches, type RouteSwitches } from './route-switches.js';

export interface FileRouteSwitchesOptions {
  /** The file holding the list, e.g. the `ROUTE_DISABLED` key of the `route-switches` ConfigMap mounted as a volume. */
  path: string;
  /** Used until the file has been read once (e.g. the `ROUTE_DISABLED` env list). */
  fallback: string[];
  logger: Logger;
  /** Safety-net re-read interval; keeps a flip under 1 s where fs events are lost. Default 250 ms. */
  pollIntervalMs?: number;
  /** Told of every good read and every failed one (the `/ready` status and metrics of the source). */
  observer?: Pick<RouteSwitchObserver, 'synced' | 'disconnected'>;
}

/** File-backed switches; `reload()` re-reads now (tests, or an operator's SIGHUP) instead of waiting for a change. */
export interface FileRouteSwitches extends RouteSwitches {
  reload(): Promise<void>;
}

/**
 * Kill switches read from a file and re-read on change, without a restart. The directory is watched (a ConfigMap
 * volume update swaps the `..data` symlink, so watching the file itself misses it) and the file is re-read on a
 * short poll as a fallback. A missing or unreadable file keeps the last good list and logs once per outage.
 */
export async function createFileRouteSwitches(options: FileRouteSwitchesOptions): Promise<FileRouteSwitches> {
  const { logger } = options;
  const filePath = path.resolve(options.path);
  const directory = path.dirname(filePath);
  let closed = false;
  let watcher: FSWatcher | undefined;
  let failing: string | undefined;

  const state = createMutableRouteSwitches(options.fallback, {
    onListenerError: (error) => logger.error({ err: error }, 'route switch listener failed'),
    onClose: () => {
      closed = true;
      reads.stop();
      clearInterval(poll);
      watcher?.close();
      watcher = undefined;
      return reads.idle();
    },
  });

  async function readOnce(): Promise<void> {
    let text: string;
    try {
      text = await readFile(filePath, 'utf8');
    } catch (error) {
      const thrownCode = codeOf(error);
      const code = typeof thrownCode === 'string' ? thrownCode : 'UNKNOWN';
      // With an observer, it logs the outage (once); without one, this does.
      if (failing !== code && !closed && !options.observer) {
        logger.warn(
          { path: filePath, code, routes: state.switches.disabledRoutes() },
          'route switches file unreadable; keeping the last good list',
        );
      }
      failing = code;
      if (!closed) options.observer?.disconnected(code);
      return;
    }
    if (closed) return;
    options.observer?.synced();
    if (failing !== undefined && !options.observer)
      logger.info({ path: filePath }, 'route switches file readable again');
    failing = undefined;
    const routes = parseRouteList(text);
    if (state.set(routes)) logger.info({ path: filePath, routes }, 'route switches changed');
  }

  // Serialises reads so an older read never overwrites a newer one; bursts of events coalesce into one re-read.
  const reads = coalescedTask(readOnce, (error) => logger.error({ err: error }, 'route switches file read failed'));
  function reload(): Promise<void> {
    reads.request();
    return reads.idle();
  }

  function ensureWatcher(): void {
    if (watcher || closed) return;
    try {
      watcher = watch(directory, { persistent: false }, () => void reload());
      watcher.on('error', (error) => {
        logger.debug({ err: error, directory }, 'route switches directory watch failed; polling until it is back');
        watcher?.close();
        watcher = undefined;
      });
    } catch {
      // The directory may not exist yet: the poll keeps reading and retries the watch.
      watcher = undefined;
    }
  }

  const poll = setInterval(() => {
    ensureWatcher();
    void reload();
  }, options.pollIntervalMs ?? 250);
  poll.unref();

  ensureWatcher();
  await reload();
  if (failing !== undefined)
    logger.info({ path: filePath, routes: options.fallback }, 'route switches use the fallback list');
  return { ...state.switches, reload };
}
