import { k8s } from 'cdk8s-plus-34';
import { Construct } from 'constructs';
import type { DeployableSpec } from './deployables.js';
import type { Environment } from './environment.js';
import { partOfLabels, ROUTE_SWITCHES_KEY, ROUTE_SWITCHES_NAME } from './labels.js';

/** The ServiceAccount an operator's admin CLI Job or `kubectl run` uses; it may patch the route switches. */
export const ADMIN_SERVICE_ACCOUNT = 'foretell-admin';

/**
 * The kill switches: ConfigMap `route-switches` (key ROUTE_DISABLED), a Role that can read and watch that one
 * ConfigMap bound to the HTTP apps, and a Role that can also patch it bound to the operators' ServiceAccount.
 * RBAC `resourceNames` covers list/watch only when the client asks for `metadata.name=route-switches`, which the
 * watcher does.
 */
export class RouteSwitches extends Construct {
  constructor(scope: Construct, env: Environment, httpApps: readonly DeployableSpec[]) {
    super(scope, 'route-switches');
    const metadata = (name: string) => ({ name, namespace: env.namespace, labels: partOfLabels });

    new k8s.KubeConfigMap(this, 'config-map', {
      metadata: metadata(ROUTE_SWITCHES_NAME),
      data: { [ROUTE_SWITCHES_KEY]: env.routeDisabled },
    });

    const reader = new k8s.KubeRole(this, 'reader', {
      metadata: metadata('route-switches-reader'),
      rules: [
        {
          apiGroups: [''],
          resources: ['configmaps'],
          resourceNames: [ROUTE_SWITCHES_NAME],
          verbs: ['get', 'list', 'watch'],
        },
      ],
    });
    new k8s.KubeRoleBinding(this, 'reader-binding', {
      metadata: metadata('route-switches-reader'),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: reader.name },
      subjects: httpApps.map((app) => ({ kind: 'ServiceAccount', name: app.name, namespace: env.namespace })),
    });

    new k8s.KubeServiceAccount(this, 'admin-service-account', {
      metadata: metadata(ADMIN_SERVICE_ACCOUNT),
      automountServiceAccountToken: true,
    });
    const editor = new k8s.KubeRole(this, 'editor', {
      metadata: metadata('route-switches-editor'),
      rules: [
        { apiGroups: [''], resources: ['configmaps'], resourceNames: [ROUTE_SWITCHES_NAME], verbs: ['get', 'patch'] },
      ],
    });
    new k8s.KubeRoleBinding(this, 'editor-binding', {
      metadata: metadata('route-switches-editor'),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: editor.name },
      subjects: [{ kind: 'ServiceAccount', name: ADMIN_SERVICE_ACCOUNT, namespace: env.namespace }],
    });
  }
}
