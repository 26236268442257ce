import { messageOf } from '../errors/thrown-values.js';
import type express from 'express';
import { createHttpMetrics, type HttpMetrics } from '../http/http-metrics.js';
import { installShutdownSignals } from '../http/shutdown-signals.js';
import { startHttpServer } from '../http/http-server.js';
import { createStaticRouteSwitches, type RouteSwitches } from '../kill-switch/route-switches.js';
import { createLogger, type CreateLoggerOptions, type Logger } from '../logger/logger.js';
import { routeSwitchesFromConfig, type RouteSwitchSettings } from './route-switches-from-config.js';
import {
  openServiceResources,
  type ResourceNeeds,
  type ResourceSettings,
  type ServiceResources,
} from './service-resources.js';
import { serviceVersion } from './service-version.js';
import { withinTime } from './within-time.js';

interface DeployableSettings extends ResourceSettings, Partial<RouteSwitchSettings> {
  /** Every app's config validates it as one of pino's levels (shared/src/config: logLevel). */
  LOG_LEVEL: NonNullable<CreateLoggerOptions['level']>;
  PORT: number;
  HOST: string;
  SHUTDOWN_GRACE_MS: number;
  SHUTDOWN_DRAIN_MS: number;
}

export interface DeployableContext {
  logger: Logger;
  version: string;
  resources: ServiceResources;
  routeSwitches: RouteSwitches;
  metrics: HttpMetrics;
}

export interface DeployableDefinition<S extends DeployableSettings> {
  name: string;
  settings: S;
  needs: ResourceNeeds;
  buildApp(context: DeployableContext): express.Express;
  /** Background work (consumers, loops); returns its stop functions, run first on shutdown. */
  startWorkers?(context: DeployableContext): Promise<Array<() => Promise<void>>>;
}

/**
 * The one bootstrap every deployable's main.ts calls: logger → clients → app → listen → workers, and on
 * SIGTERM: stop taking requests, drain in-flight ones, stop workers, close clients.
 */
export async function runDeployable<S extends DeployableSettings>(definition: DeployableDefinition<S>): Promise<void> {
  const { name, settings } = definition;
  const logger = createLogger({ name, level: settings.LOG_LEVEL });
  const resources = await openServiceResources(name, settings, definition.needs, logger).catch((error: unknown) => {
    logger.fatal({ err: error }, `${name} cannot start`);
    process.stderr.write(`${name}: cannot start: ${messageOf(error)}\n`);
    process.exit(1);
  });
  const metrics = createHttpMetrics(name);
  // Workers have no data routes to switch off (their settings carry no ROUTE_DISABLED).
  const routeSwitches =
    settings.ROUTE_DISABLED === undefined
      ? createStaticRouteSwitches([])
      : await routeSwitchesFromConfig(
          { ...settings, ROUTE_DISABLED: settings.ROUTE_DISABLED },
          logger,
          metrics.registry,
        );
  const context: DeployableContext = { logger, version: serviceVersion, resources, routeSwitches, metrics };
  const stopWorkers: Array<() => Promise<void>> = [];
  // Workers stop within the drain and the grace counted from the signal: the pod's termination grace period is 15 s
  // longer, a margin for the stops left after a late one (LATE_STOP_MS each) and the clients' close (CLOSE_CLIENTS_MS).
  let signalledAt: number | undefined;
  const workersDeadline = () => (signalledAt ?? Date.now()) + settings.SHUTDOWN_DRAIN_MS + settings.SHUTDOWN_GRACE_MS;
  const server = await startHttpServer(definition.buildApp(context), {
    port: settings.PORT,
    host: settings.HOST,
    logger,
    shutdownGraceMs: settings.SHUTDOWN_GRACE_MS,
    readinessDrainMs: settings.SHUTDOWN_DRAIN_MS,
    onShutdown: [
      () => stopWithin(stopWorkers, workersDeadline(), logger),
      () => routeSwitches.close(),
      () => closeWithin(resources, logger),
    ],
  });
  installShutdownSignals(() => {
    signalledAt ??= Date.now();
    return server.close();
  }, logger);
  stopWorkers.push(...((await definition.startWorkers?.(context)) ?? []));
  logger.info({ version: serviceVersion, port: server.port }, `${name} started`);
}

/** What each stop gets at least, even past the deadline; three of them and the clients' close fit in the margin. */
const LATE_STOP_MS = 2_000;
/** The clients' close: a pool waits for connections an abandoned worker still holds, so it is bounded too. */
const CLOSE_CLIENTS_MS = 5_000;

/**
 * Runs each stop in order, each within what is left until `deadline` (at least LATE_STOP_MS). A stop still waiting
 * then (a consumer whose in-flight job waits on the chain) is left behind with one line: its unacknowledged messages
 * return to the queue when the connection closes, and the reconcilers finish what was started. The later stops run
 * all the same, a failed one too; the failures are thrown together at the end.
 */
async function stopWithin(stops: Array<() => Promise<void>>, deadline: number, logger: Logger): Promise<void> {
  const failures: unknown[] = [];
  for (const [index, stop] of stops.entries()) {
    const budgetMs = Math.max(deadline - Date.now(), LATE_STOP_MS);
    try {
      await withinTime(stop, budgetMs, 'stopping a worker', () => new ShutdownStepTimedOut(budgetMs));
    } catch (error) {
      if (!(error instanceof ShutdownStepTimedOut)) {
        failures.push(error);
        continue;
      }
      logger.warn(
        { event: 'shutdown.worker_stop_timed_out', worker: index, waitedMs: budgetMs },
        'a worker did not stop within the shutdown grace; its unfinished work is left to redelivery and reconciliation',
      );
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} worker stop(s) failed`);
}

/** Closes the clients within CLOSE_CLIENTS_MS; past it the process exits and the OS closes what is left. */
async function closeWithin(resources: ServiceResources, logger: Logger): Promise<void> {
  try {
    await withinTime(
      () => resources.close(),
      CLOSE_CLIENTS_MS,
      'closing the clients',
      () => new ShutdownStepTimedOut(CLOSE_CLIENTS_MS),
    );
  } catch (error) {
    if (!(error instanceof ShutdownStepTimedOut)) throw error;
    logger.warn(
      { event: 'shutdown.close_timed_out', waitedMs: CLOSE_CLIENTS_MS },
      'the clients did not close in time (a connection a left-behind worker holds); exiting closes them',
    );
  }
}

class ShutdownStepTimedOut extends Error {
  constructor(waitedMs: number) {
    super(`a shutdown step did not finish within ${waitedMs} ms`);
  }
}
