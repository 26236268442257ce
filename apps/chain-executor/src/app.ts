import type express from 'express';
import { createOperationsApp, type DeployableContext } from '#shared/runtime/index.js';

/** The executor's HTTP surface: health, readiness (MySQL, RabbitMQ) and metrics only. */
export function createApp(context: DeployableContext): express.Express {
  return createOperationsApp('chain-executor', context);
}
