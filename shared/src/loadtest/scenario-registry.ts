/*
 * The scenarios `npm run load -- <scenario>` knows: the same definitions the k6 entry scripts run (loadtest/*.ts),
 * built with the same kit.
 */
import { scenarioKit } from '../../../loadtest/lib/scenario-kit.js';
import type { ScenarioDefinition } from '../../../loadtest/lib/scenario-types.js';
import { defineConfirmFlow } from '../../../loadtest/scenarios/confirm-flow.js';
import { definePublicBrowse } from '../../../loadtest/scenarios/public-browse.js';
import { defineSoak } from '../../../loadtest/scenarios/soak.js';
import { defineTradeBurst } from '../../../loadtest/scenarios/trade-burst.js';
import { defineV1Reads } from '../../../loadtest/scenarios/v1-reads.js';
import { defineWebhookFanout } from '../../../loadtest/scenarios/webhook-fanout.js';

export const scenarioNames = [
  'public-browse',
  'v1-reads',
  'trade-burst',
  'confirm-flow',
  'webhook-fanout',
  'soak',
] as const;
export type ScenarioName = (typeof scenarioNames)[number];

const builders: Record<ScenarioName, () => ScenarioDefinition<unknown>> = {
  'public-browse': () => definePublicBrowse(scenarioKit) as ScenarioDefinition<unknown>,
  'v1-reads': () => defineV1Reads(scenarioKit) as ScenarioDefinition<unknown>,
  'trade-burst': () => defineTradeBurst(scenarioKit) as ScenarioDefinition<unknown>,
  'confirm-flow': () => defineConfirmFlow(scenarioKit) as ScenarioDefinition<unknown>,
  'webhook-fanout': () => defineWebhookFanout(scenarioKit) as ScenarioDefinition<unknown>,
  soak: () => defineSoak(scenarioKit) as ScenarioDefinition<unknown>,
};

export function isScenarioName(name: string): name is ScenarioName {
  return (scenarioNames as readonly string[]).includes(name);
}

export function scenarioDefinition(name: ScenarioName): ScenarioDefinition<unknown> {
  return builders[name]();
}

/** Scenarios whose requests need trading-API keys, and the one that needs the webhook receiver. */
export const needsApiKeys = (name: ScenarioName): boolean => name !== 'public-browse';
export const needsReceiver = (name: ScenarioName): boolean => name === 'webhook-fanout';
