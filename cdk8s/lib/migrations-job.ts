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
  secretEntryAs,
  tmpMount,
  tmpVolume,
} from './workload.js';

export const MIGRATIONS_NAME = 'foretell-migrations';

/**
 * The migrations' whole environment: the migrations user's database URL (DDL: CREATE, ALTER, INDEX, …) from its own
 * entry of `foretell-secrets`, as the CLI's DATABASE_URL; the apps' user may only read and write rows
 * (docs/runbooks/database-users.md). Nothing else: `migrations latest` reads no other setting, and with SERVICE_ENV
 * unset the CLI does not ask for the live secrets its other commands use (pepper, webhook-secret key, admin key).
 */
export const MIGRATIONS_ENV: k8s.EnvVar[] = [secretEntryAs('DATABASE_URL', 'MIGRATIONS_DATABASE_URL')];

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
                env: MIGRATIONS_ENV,
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
