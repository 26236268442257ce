import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import { ScaledObject } from '../imports/scaledobject-keda.sh.js';
import { TriggerAuthentication } from '../imports/triggerauthentication-keda.sh.js';
import type { DeployableSpec } from './deployables.js';
import type { Environment } from './environment.js';
import { SECRET_NAME, selectorLabels } from './labels.js';

/** The Secret entry KEDA reads the RabbitMQ management API's URL from (`https://user:password@host:15671/vhost`). */
export const RABBITMQ_MANAGEMENT_URL = 'RABBITMQ_MANAGEMENT_URL';

/** Messages waiting or in hand per replica before KEDA adds one. */
export const QUEUE_LENGTH_PER_REPLICA = 50;

/** HTTP apps: HorizontalPodAutoscaler v2 on CPU utilisation of the requests. */
export class HttpAutoscaler extends Construct {
  constructor(scope: Construct, spec: DeployableSpec, env: Environment) {
    super(scope, `${spec.name}-autoscaling`);
    const settings = env.workloads[spec.name];
    new k8s.KubeHorizontalPodAutoscalerV2(this, 'hpa', {
      metadata: { name: spec.name, namespace: env.namespace, labels: selectorLabels(spec.name) },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: spec.name },
        minReplicas: settings.replicas,
        maxReplicas: settings.maxReplicas,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        ],
        behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
      },
    });
  }
}

/**
 * Workers: a KEDA ScaledObject on the length of the RabbitMQ queues they consume, read from the management API
 * (`protocol: http`): there a queue's length counts its unacknowledged messages too. Over AMQP KEDA sees only the
 * ready ones, and a worker holds what it has taken unacknowledged until it is done (the executor up to
 * TRADES_IN_FLIGHT_MAX trades a replica, each until its receipt), so a backlog the replicas hold would read as an
 * empty queue and never scale out. The management URL (with its user and vhost) comes from the Secret's
 * `RABBITMQ_MANAGEMENT_URL` entry through a TriggerAuthentication, never inlined; no pod of the chart reads it.
 */
export class QueueAutoscaler extends Construct {
  constructor(scope: Construct, spec: DeployableSpec, env: Environment) {
    super(scope, `${spec.name}-autoscaling`);
    const settings = env.workloads[spec.name];
    const labels = selectorLabels(spec.name);
    const auth = new TriggerAuthentication(this, 'trigger-auth', {
      metadata: { name: `${spec.name}-rabbitmq`, namespace: env.namespace, labels },
      spec: { secretTargetRef: [{ parameter: 'host', name: SECRET_NAME, key: RABBITMQ_MANAGEMENT_URL }] },
    });
    new ScaledObject(this, 'scaled-object', {
      metadata: { name: spec.name, namespace: env.namespace, labels },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: spec.name },
        minReplicaCount: settings.replicas,
        maxReplicaCount: settings.maxReplicas,
        pollingInterval: 10,
        cooldownPeriod: 300,
        triggers: spec.queues.map((queue) => ({
          type: 'rabbitmq',
          metadata: {
            protocol: 'http',
            mode: 'QueueLength',
            value: String(QUEUE_LENGTH_PER_REPLICA),
            // As the apps name it (shared/src/messaging/topology.ts physicalName): `<prefix>.<queue>`.
            queueName: env.amqpPrefix ? `${env.amqpPrefix}.${queue}` : queue,
          },
          authenticationRef: { name: auth.name },
        })),
      },
    });
  }
}
