import type express from 'express';
import { createOperationsApp, type DeployableContext } from '#shared/runtime/index.js';

/** The dispatcher's HTTP surface: health, readiness (MySQL, Redis, RabbitMQ) and metrics only. */
export function createApp(context: DeployableContext): express.Express {
  return createOperationsApp('webhook-dispatcher', context);
}
