import { Construct } from 'constructs';
import { GcpBackendPolicy } from '../imports/gcpbackendpolicy-networking.gke.io.js';
import {
  HealthCheckPolicy,
  HealthCheckPolicySpecDefaultConfigHttpHealthCheckPortSpecification,
  HealthCheckPolicySpecDefaultConfigType,
} from '../imports/healthcheckpolicy-networking.gke.io.js';
import type { DeployableSpec } from './deployables.js';
import type { Environment } from './environment.js';
import { partOfLabels } from './labels.js';

/**
 * How long GKE's load balancer lets one request last (GCPBackendPolicy `timeoutSec`): its default of 30 s would cut
 * every Server-Sent Events stream (`/v1/events/stream`, `/api/markets/{id}/stream`) twice a minute. An hour; the
 * clients reconnect with Last-Event-ID after it, and the apps' own timeouts bound every other request far sooner.
 */
export const BACKEND_TIMEOUT_S = 3_600;

/**
 * On GKE's Gateway (proxies outside the cluster, `proxy-subnet` sources) each HTTP app's Service gets the policies
 * the load balancer reads: its health check asks `/ready` on the serving port (without a HealthCheckPolicy it asks
 * `/`, which both apps answer 404, and no backend is ever healthy), and its backend timeout fits the streams. An
 * in-cluster gateway (local) follows the pods' readiness and needs neither.
 */
export class GkeBackendPolicies extends Construct {
  constructor(scope: Construct, spec: DeployableSpec, env: Environment) {
    super(scope, `${spec.name}-gke-policies`);
    const metadata = { name: spec.name, namespace: env.namespace, labels: partOfLabels };
    const targetRef = { group: '', kind: 'Service', name: spec.name };
    new HealthCheckPolicy(this, 'health-check', {
      metadata,
      spec: {
        default: {
          checkIntervalSec: 5,
          timeoutSec: 2,
          healthyThreshold: 1,
          unhealthyThreshold: 2,
          config: {
            type: HealthCheckPolicySpecDefaultConfigType.HTTP,
            httpHealthCheck: {
              portSpecification:
                HealthCheckPolicySpecDefaultConfigHttpHealthCheckPortSpecification.USE_UNDERSCORE_SERVING_UNDERSCORE_PORT,
              requestPath: '/ready',
            },
          },
        },
        targetRef,
      },
    });
    new GcpBackendPolicy(this, 'backend', {
      metadata,
      spec: { default: { timeoutSec: BACKEND_TIMEOUT_S }, targetRef },
    });
  }
}
