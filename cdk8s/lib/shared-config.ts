import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import type { Environment } from './environment.js';
import { CONFIG_MAP_NAME, partOfLabels } from './labels.js';

/** Settings every deployable reads that are not secret (secrets come from `foretell-secrets` key by key). */
export function sharedSettings(env: Environment): Record<string, string> {
  return {
    SERVICE_ENV: env.serviceEnv,
    LOG_LEVEL: env.logLevel,
    HOST: '0.0.0.0',
    CHAIN_RPC_URL: env.chainRpcUrl,
    AMQP_PREFIX: env.amqpPrefix,
    REDIS_PREFIX: env.redisPrefix,
    SHUTDOWN_GRACE_MS: String(env.shutdownGraceMs),
    // Only the gateway's hop is trusted for X-Forwarded-For: per-IP limits, lockouts and allowlists see clients.
    TRUST_PROXY: env.gateway.trustProxy,
    NODE_ENV: 'production',
  };
}

export class SharedConfig extends Construct {
  constructor(scope: Construct, env: Environment) {
    super(scope, 'shared-config');
    new k8s.KubeConfigMap(this, 'config-map', {
      metadata: { name: CONFIG_MAP_NAME, namespace: env.namespace, labels: partOfLabels },
      data: sharedSettings(env),
    });
  }
}
