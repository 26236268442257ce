import type express from 'express';
import { createOperationsApp } from '#shared/runtime/operations-app.js';
import { type DeployableContext } from '#shared/runtime/run-deployable.js';

/** The dispatcher's HTTP surface: health, readiness (MySQL, Redis, RabbitMQ) and metrics only. */
export function createApp(context: DeployableContext): express.Express {
  return createOperationsApp('webhook-dispatcher', context);
}
