/*
 * The scenarios `npm run load -- <scenario>` knows: the same definitions the k6 entry scripts run (loadtest/*.ts),
 * built with the same kit.
 */
import { scenarioKit } from '../../loadtest/lib/scenario-kit.js';
import type { ScenarioDefinition } from '../../loadtest/lib/scenario-types.js';
import { defineConfirmFlow } from '../../loadtest/scenarios/confirm-flow.js';
import { definePublicBrowse } from '../../loadtest/scenarios/public-browse.js';
import { defineSoak } from '../../loadtest/scenarios/soak.js';
import { defineTradeBurst } from '../../loadtest/scenarios/trade-burst.js';
import { defineV1Reads } from '../../loadtest/scenarios/v1-reads.js';
import { defineWebhookFanout } from '../../loadtest/scenarios/webhook-fanout.js';

export const scenarioNames = [
  'public-browse',
  'v1-reads',
  'trade-burst',
  'confirm-flow',
  'webhook-fanout',
  'soak',
] as const;
export type ScenarioName = (typeof scenarioNames)[number];

/**
 * One scenario with its setup-data type erased, so the registry holds them all. Sound because runScenario hands a
 * definition only the data its own setup() returned (setup → iterations → teardown of the same definition).
 */
function eraseSetupData<T>(definition: ScenarioDefinition<T>): ScenarioDefinition<unknown> {
  // cast: a definition's functions only ever receive the value its own setup() produced (see the comment above)
  return definition as ScenarioDefinition<unknown>;
}

const builders: Record<ScenarioName, () => ScenarioDefinition<unknown>> = {
  'public-browse': () => eraseSetupData(definePublicBrowse(scenarioKit)),
  'v1-reads': () => eraseSetupData(defineV1Reads(scenarioKit)),
  'trade-burst': () => eraseSetupData(defineTradeBurst(scenarioKit)),
  'confirm-flow': () => eraseSetupData(defineConfirmFlow(scenarioKit)),
  'webhook-fanout': () => eraseSetupData(defineWebhookFanout(scenarioKit)),
  soak: () => eraseSetupData(defineSoak(scenarioKit)),
};

export function isScenarioName(name: string): name is ScenarioName {
  return scenarioNames.some((scenario) => scenario === name);
}

export function scenarioDefinition(name: ScenarioName): ScenarioDefinition<unknown> {
  return builders[name]();
}

/** Scenarios whose requests need trading-API keys, and the one that needs the webhook receiver. */
export const needsApiKeys = (name: ScenarioName): boolean => name !== 'public-browse';
export const needsReceiver = (name: ScenarioName): boolean => name === 'webhook-fanout';
