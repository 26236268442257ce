import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import type { Environment } from './environment.js';
import { partOfLabels } from './labels.js';

/** The ServiceAccount of the `keys issue` Jobs: it may create Secrets, and nothing else. */
export const KEY_ISSUER_SERVICE_ACCOUNT = 'foretell-key-issuer';
/** Its Role and RoleBinding. */
export const KEY_ISSUER_ROLE = 'api-key-secret-creator';

/**
 * In a cluster `keys issue` hands the plaintext key and webhook secret over in a Secret it creates (never in its
 * log): a ServiceAccount whose Role allows `create` on Secrets in the release's namespace and nothing else, so the
 * Job can neither read, list, change nor delete any Secret, its own included. RBAC cannot narrow `create` by name
 * (the name is not known when the request is authorized), so the rule names no resource. The token is mounted only
 * in the `keys issue` Jobs (admin-cli-job.ts); the account itself mounts none.
 */
export class KeyIssuerAccess extends Construct {
  constructor(scope: Construct, env: Environment) {
    super(scope, 'key-issuer');
    const metadata = (name: string) => ({ name, namespace: env.namespace, labels: partOfLabels });
    new k8s.KubeServiceAccount(this, 'service-account', {
      metadata: metadata(KEY_ISSUER_SERVICE_ACCOUNT),
      automountServiceAccountToken: false,
    });
    const role = new k8s.KubeRole(this, 'role', {
      metadata: metadata(KEY_ISSUER_ROLE),
      rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['create'] }],
    });
    new k8s.KubeRoleBinding(this, 'binding', {
      metadata: metadata(KEY_ISSUER_ROLE),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role.name },
      subjects: [{ kind: 'ServiceAccount', name: KEY_ISSUER_SERVICE_ACCOUNT, namespace: env.namespace }],
    });
  }
}
