import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import { entryPoint } from './deployables.js';
import type { Environment } from './environment.js';
import { selectorLabels } from './labels.js';
import { dnsEgress, egressTo } from './network-policies.js';
import {
  adminCliResources,
  containerSecurity,
  imageOf,
  podSecurity,
  secretEnv,
  tmpMount,
  tmpVolume,
} from './workload.js';

export const MIGRATIONS_NAME = 'foretell-migrations';

/**
 * `foretell-admin migrations latest`, run by Helm before the apps on every install and upgrade. Its ServiceAccount
 * and NetworkPolicy are hooks too (lower weight), so they exist before the Job on a first install.
 */
export class MigrationsJob extends Construct {
  constructor(scope: Construct, env: Environment) {
    super(scope, 'migrations');
    const labels = selectorLabels('migrations');
    const hook = (weight: number, deletePolicy: string) => ({
      'helm.sh/hook': 'pre-install,pre-upgrade',
      'helm.sh/hook-weight': String(weight),
      'helm.sh/hook-delete-policy': deletePolicy,
    });
    const metadata = (weight: number, deletePolicy = 'before-hook-creation') => ({
      name: MIGRATIONS_NAME,
      namespace: env.namespace,
      labels,
      annotations: hook(weight, deletePolicy),
    });

    new k8s.KubeServiceAccount(this, 'service-account', {
      metadata: metadata(-10),
      automountServiceAccountToken: false,
    });
    new k8s.KubeNetworkPolicy(this, 'network-policy', {
      metadata: metadata(-10),
      spec: {
        podSelector: { matchLabels: labels },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [],
        egress: [dnsEgress, egressTo(env.network.mysql)],
      },
    });

    new k8s.KubeJob(this, 'job', {
      metadata: metadata(0, 'before-hook-creation,hook-succeeded'),
      spec: {
        backoffLimit: 3,
        activeDeadlineSeconds: 600,
        ttlSecondsAfterFinished: 3600,
        template: {
          metadata: { labels },
          spec: {
            restartPolicy: 'Never',
            serviceAccountName: MIGRATIONS_NAME,
            automountServiceAccountToken: false,
            securityContext: podSecurity,
            containers: [
              {
                name: 'migrations',
                image: imageOf(env),
                imagePullPolicy: env.image.pullPolicy,
                command: ['node', entryPoint('admin-cli'), 'migrations', 'latest', '--json'],
                env: [
                  { name: 'SERVICE_ENV', value: env.serviceEnv },
                  { name: 'CHAIN_RPC_URL', value: env.chainRpcUrl },
                  // The admin CLI refuses public development secrets in live mode, so it gets the real ones.
                  ...secretEnv(['DATABASE_URL', 'API_KEY_PEPPER', 'WEBHOOK_SECRET_KEY', 'PLATFORM_ADMIN_PRIVATE_KEY']),
                ],
                resources: adminCliResources,
                securityContext: containerSecurity,
                volumeMounts: [tmpMount],
              },
            ],
            volumes: [tmpVolume],
          },
        },
      },
    });
  }
}
