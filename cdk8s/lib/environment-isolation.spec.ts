import { describe, expect, it } from '@jest/globals';
import {
  publicReadConfigSchema,
  tradingApiConfigSchema,
  webhookDispatcherConfigSchema,
} from '#shared/config/app-configs.js';
import { physicalName, QUEUES } from '#shared/messaging/topology.js';
import { CHART_ENVIRONMENTS, ENVIRONMENTS, local, production, staging, type Environment } from './environment.js';
import { named as find, ofKind, renderChart, synthChart } from './chart.fixture.js';
import { CONFIG_MAP_NAME } from './labels.js';
import type { Manifest } from './validate-manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */
const valuesFile = (env: Environment) => (env === production ? 'values.yaml' : `values-${env.name}.yaml`);

/** An environment's manifests as they reach the cluster: plain for local, the committed chart with its values else. */
function deployed(env: Environment): Manifest[] {
  return CHART_ENVIRONMENTS.includes(env) ? renderChart(valuesFile(env), env.namespace) : synthChart(env);
}

/** What a deployable's container sees: the shared ConfigMap, then its own plain variables. */
function settingsOf(manifests: Manifest[], deployable: string): Record<string, string> {
  const [container] = find(manifests, 'Deployment', deployable).spec.template.spec.containers;
  const own = (container.env as Array<{ name: string; value?: string }>).filter((v) => v.value !== undefined);
  return {
    ...find(manifests, 'ConfigMap', CONFIG_MAP_NAME).data,
    ...Object.fromEntries(own.map((variable) => [variable.name, variable.value])),
  };
}

/** Two prefixes that can never name the same queue or key: different, and neither the start of the other. */
const disjoint = (a: string, b: string) => a !== '' && b !== '' && !a.startsWith(b) && !b.startsWith(a);

describe('staging and production (which reach the same broker and Redis ranges)', () => {
  const [stagingManifests, productionManifests] = [staging, production].map(deployed);
  const settings = (manifests: Manifest[] | undefined) => settingsOf(manifests ?? [], 'trading-api');

  it('never share a queue, an exchange or a Redis key: each has its own AMQP and Redis prefix', () => {
    expect(staging.network.rabbitmq).toEqual(production.network.rabbitmq);
    const [stagingSettings, productionSettings] = [settings(stagingManifests), settings(productionManifests)];
    const amqp = [stagingSettings.AMQP_PREFIX ?? '', productionSettings.AMQP_PREFIX ?? ''] as const;
    const redis = [stagingSettings.REDIS_PREFIX ?? '', productionSettings.REDIS_PREFIX ?? ''] as const;
    expect(amqp).toEqual([staging.amqpPrefix, production.amqpPrefix]);
    expect(redis).toEqual([staging.redisPrefix, production.redisPrefix]);
    // `<prefix>.` is where the apps' names start (physicalName), so compare with the separator.
    expect(disjoint(`${amqp[0]}.`, `${amqp[1]}.`)).toBe(true);
    expect(disjoint(redis[0], redis[1])).toBe(true);
    const names = (prefix: string) => new Set(Object.values(QUEUES).map((queue) => physicalName(prefix, queue)));
    const productionQueues = names(amqp[1]);
    expect([...names(amqp[0])].filter((queue) => productionQueues.has(queue))).toEqual([]);
  });

  it('scale their workers on their own prefixed queues', () => {
    for (const [env, manifests] of [
      [staging, stagingManifests],
      [production, productionManifests],
    ] as const) {
      const triggers = ofKind(manifests ?? [], 'ScaledObject').flatMap((scaled: any) =>
        scaled.spec.triggers.map((trigger: any) => trigger.metadata.queueName),
      );
      expect(triggers.length).toBeGreaterThan(0);
      for (const queue of triggers) expect(queue.startsWith(`${env.amqpPrefix}.`)).toBe(true);
    }
  });
});

describe.each(ENVIRONMENTS.map((env) => [env.name, env] as const))('the %s webhook dispatcher', (_name, env) => {
  it(`${env === local ? 'may' : 'refuses to'} deliver to private and loopback addresses`, () => {
    const dispatcher = settingsOf(deployed(env), 'webhook-dispatcher');
    expect(dispatcher.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(env === local ? 'true' : 'false');
    const config = webhookDispatcherConfigSchema.parse({
      ...dispatcher,
      WEBHOOK_SECRET_KEY: 'a-webhook-secret-key-of-more-than-32-characters',
    });
    expect(config.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(env === local);
  });
});

describe.each(ENVIRONMENTS.map((env) => [env.name, env] as const))('the %s HTTP apps', (_name, env) => {
  it('count the addresses their gateway appends to X-Forwarded-For', () => {
    const manifests = deployed(env);
    const schemas = { 'trading-api': tradingApiConfigSchema, 'public-read': publicReadConfigSchema };
    for (const [app, schema] of Object.entries(schemas)) {
      const settings = settingsOf(manifests, app);
      expect([app, settings.GATEWAY_APPENDED_ADDRESSES]).toEqual([app, env === local ? undefined : '2']);
      // The apps start with what the manifests give them, and count what the gateway appends (default 1).
      const parsed = schema.safeParse({
        ...settings,
        API_KEY_PEPPER: 'p'.repeat(40),
        WEBHOOK_SECRET_KEY: 'w'.repeat(40),
      });
      expect(parsed.error?.issues ?? []).toEqual([]);
      const appended = (parsed.data as Record<string, unknown> | undefined)?.GATEWAY_APPENDED_ADDRESSES;
      expect([app, appended]).toEqual([app, env === local ? 1 : 2]);
    }
    for (const worker of ['chain-executor', 'webhook-dispatcher']) {
      expect(settingsOf(manifests, worker).GATEWAY_APPENDED_ADDRESSES).toBeUndefined();
    }
  });
});
