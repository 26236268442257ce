import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import { entryPoint, type DeployableSpec, type SecretKey } from './deployables.js';
import type { Environment } from './environment.js';
import { CONFIG_MAP_NAME, partOfLabels, ROUTE_SWITCHES_NAME, SECRET_NAME, selectorLabels } from './labels.js';
import { signerPoolEnv } from './signer-pool.js';

/** Hardening every Foretell container gets: non-root, read-only root filesystem, no capabilities, RuntimeDefault. */
export const containerSecurity: k8s.SecurityContext = {
  runAsNonRoot: true,
  runAsUser: 10001,
  runAsGroup: 10001,
  readOnlyRootFilesystem: true,
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' },
};

export const podSecurity: k8s.PodSecurityContext = {
  runAsNonRoot: true,
  runAsUser: 10001,
  runAsGroup: 10001,
  fsGroup: 10001,
  seccompProfile: { type: 'RuntimeDefault' },
};

/** The only writable path: node and the apps write temporary files under /tmp. */
export const tmpVolume: k8s.Volume = { name: 'tmp', emptyDir: { sizeLimit: k8s.Quantity.fromString('64Mi') } };
export const tmpMount: k8s.VolumeMount = { name: 'tmp', mountPath: '/tmp' };

/** A one-off admin CLI container (the migrations hook, operators' Jobs): one command, then it exits. */
export const adminCliResources: k8s.ResourceRequirements = {
  requests: { cpu: k8s.Quantity.fromString('100m'), memory: k8s.Quantity.fromString('128Mi') },
  limits: { cpu: k8s.Quantity.fromString('500m'), memory: k8s.Quantity.fromString('256Mi') },
};

export function imageOf(env: Environment): string {
  return `${env.image.registry}/${env.image.repository}:${env.image.tag}`;
}

export function secretEnv(keys: readonly string[]): k8s.EnvVar[] {
  return keys.map((key) => ({ name: key, valueFrom: { secretKeyRef: { name: SECRET_NAME, key } } }));
}

/** The variable `name` from the entry `key` of `foretell-secrets` (the migrations' DDL-capable database URL). */
export function secretEntryAs(name: string, key: SecretKey): k8s.EnvVar {
  return { name, valueFrom: { secretKeyRef: { name: SECRET_NAME, key } } };
}

/** `secretKeyRef`s that may be absent from the Secret (a rotation's previous values): the pod starts without them. */
export function optionalSecretEnv(keys: readonly string[]): k8s.EnvVar[] {
  return keys.map((key) => ({ name: key, valueFrom: { secretKeyRef: { name: SECRET_NAME, key, optional: true } } }));
}

/** One deployable: Deployment, Service, ServiceAccount and PodDisruptionBudget. */
export class Workload extends Construct {
  readonly deployment: k8s.KubeDeployment;
  readonly service: k8s.KubeService;
  readonly serviceAccount: k8s.KubeServiceAccount;

  constructor(scope: Construct, spec: DeployableSpec, env: Environment) {
    super(scope, spec.name);
    const labels = selectorLabels(spec.name);
    const settings = env.workloads[spec.name];
    const http = spec.kind === 'http';

    this.serviceAccount = new k8s.KubeServiceAccount(this, 'service-account', {
      metadata: { name: spec.name, namespace: env.namespace, labels },
      // Only the HTTP apps talk to the Kubernetes API (the route-switches watch); the workers get no token.
      automountServiceAccountToken: http,
    });

    const probe = (path: string, failureThreshold: number, periodSeconds: number): k8s.Probe => ({
      httpGet: { path, port: k8s.IntOrString.fromString('http') },
      periodSeconds,
      timeoutSeconds: 2,
      failureThreshold,
    });

    const container: k8s.Container = {
      name: spec.name,
      image: imageOf(env),
      imagePullPolicy: env.image.pullPolicy,
      command: ['node', ...spec.nodeFlags, entryPoint(spec.name)],
      ports: [{ name: 'http', containerPort: spec.port, protocol: 'TCP' }],
      envFrom: [{ configMapRef: { name: CONFIG_MAP_NAME } }],
      env: [
        { name: 'PORT', value: String(spec.port) },
        { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
        ...(http
          ? [
              { name: 'SHUTDOWN_DRAIN_MS', value: String(env.shutdownDrainMs) },
              ...(env.gateway.hostname
                ? [{ name: 'DOCS_BASE_URL', value: `https://${env.gateway.hostname}/v1/docs` }]
                : []),
              { name: 'ROUTE_SWITCHES_SOURCE', value: 'kubernetes' },
              { name: 'ROUTE_SWITCHES_CONFIGMAP', value: ROUTE_SWITCHES_NAME },
              ...(env.gateway.appendedAddresses === undefined
                ? []
                : [{ name: 'GATEWAY_APPENDED_ADDRESSES', value: env.gateway.appendedAddresses }]),
            ]
          : []),
        // The webhook sender: private and loopback receivers only where the environment allows them (local).
        ...(spec.internetEgress
          ? [{ name: 'WEBHOOK_ALLOW_PRIVATE_TARGETS', value: String(env.webhookAllowPrivateTargets) }]
          : []),
        ...secretEnv(spec.secrets),
        ...(spec.signerPool ? signerPoolEnv(env.executorSigners) : []),
        ...optionalSecretEnv(spec.rotationSecrets),
      ],
      resources: {
        requests: {
          cpu: k8s.Quantity.fromString(settings.resources.requests.cpu),
          memory: k8s.Quantity.fromString(settings.resources.requests.memory),
        },
        limits: {
          cpu: k8s.Quantity.fromString(settings.resources.limits.cpu),
          memory: k8s.Quantity.fromString(settings.resources.limits.memory),
        },
      },
      startupProbe: probe('/health', 30, 2),
      livenessProbe: probe('/health', 3, 10),
      readinessProbe: probe('/ready', 2, 5),
      securityContext: containerSecurity,
      volumeMounts: [tmpMount],
    };

    this.deployment = new k8s.KubeDeployment(this, 'deployment', {
      metadata: { name: spec.name, namespace: env.namespace, labels },
      spec: {
        // No `replicas`: the autoscaler (autoscaling.ts) owns the count, from its minimum; one set here would be
        // put back by every `helm upgrade` or `kubectl apply`, undoing a scale-out at once.
        revisionHistoryLimit: 5,
        selector: { matchLabels: labels },
        strategy: { type: 'RollingUpdate', rollingUpdate: rollout(spec) },
        template: {
          metadata: { labels: { ...labels, ...partOfLabels, 'app.kubernetes.io/component': spec.kind } },
          spec: {
            serviceAccountName: spec.name,
            automountServiceAccountToken: http,
            securityContext: podSecurity,
            // After SIGTERM an HTTP app serves, not ready, for SHUTDOWN_DRAIN_MS, then finishes in-flight requests
            // within SHUTDOWN_GRACE_MS; the kubelet waits longer than both before SIGKILL.
            terminationGracePeriodSeconds:
              Math.ceil(((http ? env.shutdownDrainMs : 0) + env.shutdownGraceMs) / 1000) + 15,
            enableServiceLinks: false,
            topologySpreadConstraints: [
              spread('topology.kubernetes.io/zone', labels),
              spread('kubernetes.io/hostname', labels),
            ],
            containers: [container],
            volumes: [tmpVolume],
          },
        },
      },
    });

    this.service = new k8s.KubeService(this, 'service', {
      metadata: { name: spec.name, namespace: env.namespace, labels },
      spec: {
        type: 'ClusterIP',
        selector: labels,
        ports: [{ name: 'http', port: 80, targetPort: k8s.IntOrString.fromString('http'), protocol: 'TCP' }],
      },
    });

    new k8s.KubePodDisruptionBudget(this, 'pdb', {
      metadata: { name: spec.name, namespace: env.namespace, labels },
      spec: { maxUnavailable: k8s.IntOrString.fromNumber(1), selector: { matchLabels: labels } },
    });
  }
}

/**
 * How a deployable rolls out: most start a new pod before an old one stops (no capacity lost). A signer-pool
 * deployable replaces one pod at a time instead: at its maxReplicas every key is leased, so a surge pod would hold
 * none and only wait for an old pod to let go of one.
 */
function rollout(spec: DeployableSpec): k8s.RollingUpdateDeployment {
  return spec.signerPool
    ? { maxSurge: k8s.IntOrString.fromNumber(0), maxUnavailable: k8s.IntOrString.fromNumber(1) }
    : { maxSurge: k8s.IntOrString.fromString('25%'), maxUnavailable: k8s.IntOrString.fromNumber(0) };
}

function spread(topologyKey: string, labels: Record<string, string>): k8s.TopologySpreadConstraint {
  return { maxSkew: 1, topologyKey, whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: labels } };
}
