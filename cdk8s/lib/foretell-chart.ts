import { Chart } from 'cdk8s';
import type { Construct } from 'constructs';
import { AdminCliNetworkPolicy } from './admin-cli-job.js';
import { HttpAutoscaler, QueueAutoscaler } from './autoscaling.js';
import { DEPLOYABLES } from './deployables.js';
import type { Environment } from './environment.js';
import { ForetellGateway } from './gateway.js';
import { GkeBackendPolicies } from './gke-backend-policies.js';
import { KeyIssuerAccess } from './key-issuer.js';
import { MigrationsJob } from './migrations-job.js';
import { DefaultDeny, WorkloadNetworkPolicy } from './network-policies.js';
import { RouteSwitches } from './route-switches.js';
import { SharedConfig } from './shared-config.js';
import { checkExecutorSigners } from './signer-pool.js';
import { Workload } from './workload.js';

/** Everything Foretell runs in one namespace, for one environment (refused when it cannot run as configured). */
export class ForetellChart extends Chart {
  constructor(scope: Construct, id: string, env: Environment) {
    checkExecutorSigners(env);
    super(scope, id, { disableResourceNameHashes: true });
    new SharedConfig(this, env);
    new RouteSwitches(
      this,
      env,
      DEPLOYABLES.filter((spec) => spec.kind === 'http'),
    );
    new DefaultDeny(this, env);
    for (const spec of DEPLOYABLES) {
      new Workload(this, spec, env);
      new WorkloadNetworkPolicy(this, spec, env);
      if (spec.kind === 'http') new HttpAutoscaler(this, spec, env);
      else new QueueAutoscaler(this, spec, env);
      if (spec.kind === 'http' && env.network.gatewaySources.kind === 'proxy-subnet') {
        new GkeBackendPolicies(this, spec, env);
      }
    }
    new ForetellGateway(this, env);
    new MigrationsJob(this, env);
    new AdminCliNetworkPolicy(this, env);
    new KeyIssuerAccess(this, env);
  }
}
