import { App, Chart } from 'cdk8s';
import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import { entryPoint, type RotationSecretKey } from './deployables.js';
import type { Environment } from './environment.js';
import { CONFIG_MAP_NAME, selectorLabels } from './labels.js';
import { apiServerEgress, dnsEgress, egressTo } from './network-policies.js';
import { KEY_ISSUER_SERVICE_ACCOUNT } from './key-issuer.js';
import { ADMIN_SERVICE_ACCOUNT } from './route-switches.js';
import {
  adminCliResources,
  containerSecurity,
  imageOf,
  optionalSecretEnv,
  podSecurity,
  secretEnv,
  tmpMount,
  tmpVolume,
} from './workload.js';

/** The pod name label of every admin CLI Job (`app.kubernetes.io/name=admin-cli`). */
export const ADMIN_CLI_NAME = 'admin-cli';

/** The admin CLI's secrets: it refuses the development defaults in live mode, so it needs all of them. */
export const ADMIN_CLI_SECRETS = ['DATABASE_URL', 'API_KEY_PEPPER', 'WEBHOOK_SECRET_KEY', 'PLATFORM_ADMIN_PRIVATE_KEY'];

/** Both previous values during a rotation: `secrets status|reseal` read them, and `keys issue` must see the pepper. */
export const ADMIN_CLI_ROTATION_SECRETS: readonly RotationSecretKey[] = [
  'API_KEY_PEPPER_PREVIOUS',
  'WEBHOOK_SECRET_KEY_PREVIOUS',
];

export interface AdminCliJobProps {
  /** The Job's name, a DNS label (`keys-ada-1`). */
  name: string;
  /** What follows `foretell-admin`: global flags and the command (`--json keys issue --user …`). */
  args: readonly string[];
  /**
   * `routes disable|enable`: the pod gets the `foretell-admin` token, the one account that may patch the switches.
   * A `keys issue` Job always gets a token, of `foretell-key-issuer` (it hands the key over in a Secret).
   */
  kubernetesApi?: boolean;
  /** The image the apps run now (`kubectl get deploy trading-api -o jsonpath=…`); default the environment's. */
  image?: string;
}

/**
 * Whether the CLI arguments may run `keys issue`: both words anywhere, since flags may stand before, between and
 * after them (`keys --json issue` runs it too). A false yes only gives a Job the key issuer's account.
 */
function mayIssueKey(args: readonly string[]): boolean {
  return args.includes('keys') && args.includes('issue');
}

/**
 * One run of the admin CLI in the cluster (issue keys, flip routes, rotate secrets): the apps' image, the shared
 * ConfigMap and the CLI's secrets by key, and the pod label the chart's `admin-cli` NetworkPolicy lets reach DNS,
 * MySQL and the API server. Never retried (a second `keys issue` would issue a second key); the pod and its log are
 * deleted an hour after it ends. `keys issue` runs as `foretell-key-issuer` with its token: in a cluster the CLI
 * writes the plaintext key into a Secret it creates and logs only the Secret's name (key-issuer.ts).
 */
export class AdminCliJob extends Construct {
  readonly job: k8s.KubeJob;

  constructor(scope: Construct, env: Environment, props: AdminCliJobProps) {
    super(scope, props.name);
    const labels = selectorLabels(ADMIN_CLI_NAME);
    const keyIssuer = mayIssueKey(props.args);
    const kubernetesApi = keyIssuer || (props.kubernetesApi ?? false);
    this.job = new k8s.KubeJob(this, 'job', {
      metadata: { name: props.name, namespace: env.namespace, labels },
      spec: {
        backoffLimit: 0,
        activeDeadlineSeconds: 300,
        ttlSecondsAfterFinished: 3600,
        template: {
          metadata: { labels },
          spec: {
            restartPolicy: 'Never',
            serviceAccountName: keyIssuer ? KEY_ISSUER_SERVICE_ACCOUNT : ADMIN_SERVICE_ACCOUNT,
            automountServiceAccountToken: kubernetesApi,
            enableServiceLinks: false,
            securityContext: podSecurity,
            containers: [
              {
                name: ADMIN_CLI_NAME,
                image: props.image ?? imageOf(env),
                imagePullPolicy: env.image.pullPolicy,
                command: ['node', entryPoint('admin-cli'), ...props.args],
                envFrom: [{ configMapRef: { name: CONFIG_MAP_NAME } }],
                env: [
                  { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                  // A Job's output reaches the log store: a key it issues goes into a Secret, never to its output
                  // (keys-issue.command.ts), whatever its arguments; other commands do not read this.
                  { name: 'KEY_HANDOVER', value: 'kubernetes-secret' },
                  ...secretEnv(ADMIN_CLI_SECRETS),
                  ...optionalSecretEnv(ADMIN_CLI_ROTATION_SECRETS),
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

/**
 * What the admin CLI Jobs may reach: DNS, MySQL and the API server (only `routes` and `keys issue` Jobs carry a
 * token for it: to patch the route switches, to create the Secret holding an issued key).
 */
export class AdminCliNetworkPolicy extends Construct {
  constructor(scope: Construct, env: Environment) {
    super(scope, 'admin-cli-network');
    const labels = selectorLabels(ADMIN_CLI_NAME);
    new k8s.KubeNetworkPolicy(this, 'policy', {
      metadata: { name: ADMIN_CLI_NAME, namespace: env.namespace, labels },
      spec: {
        podSelector: { matchLabels: labels },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [],
        egress: [dnsEgress, egressTo(env.network.mysql), apiServerEgress(env)],
      },
    });
  }
}

/** One admin CLI Job as YAML, for `kubectl apply -f -` (cdk8s/admin-job.ts, the runbooks). */
export function adminCliJobYaml(env: Environment, props: AdminCliJobProps): string {
  const app = new App();
  const chart = new Chart(app, 'admin-cli-job', { disableResourceNameHashes: true });
  new AdminCliJob(chart, env, props);
  return app.synthYaml();
}
