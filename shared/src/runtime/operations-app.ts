import type express from 'express';
import { createHttpApp } from '../http/http-app.js';
import type { DeployableContext } from './run-deployable.js';

/** Workers serve only `/health`, `/ready` and `/metrics` (internal port, problem+json errors). */
export function createOperationsApp(serviceName: string, context: DeployableContext): express.Express {
  return createHttpApp(
    {
      serviceName,
      version: context.version,
      logger: context.logger,
      errorStyle: 'problem',
      routeSwitches: context.routeSwitches,
      readinessChecks: context.resources.readinessChecks,
      metrics: context.metrics,
    },
    () => {},
  );
}
