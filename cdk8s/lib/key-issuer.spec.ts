import { describe, expect, it } from '@jest/globals';
import { named as namedIn, ofKind, synthChart } from './chart.fixture.js';
import { ENVIRONMENTS } from './environment.js';
import { KEY_ISSUER_ROLE, KEY_ISSUER_SERVICE_ACCOUNT } from './key-issuer.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized manifests are untyped JSON walked by path */
describe.each(ENVIRONMENTS.map((env) => [env.name, env] as const))('the key issuer in %s', (_name, env) => {
  const manifests = synthChart(env);
  const named = (kind: string, name: string) => namedIn(manifests, kind, name);

  it('may create Secrets in the namespace and do nothing else', () => {
    expect(named('Role', KEY_ISSUER_ROLE).rules).toEqual([
      { apiGroups: [''], resources: ['secrets'], verbs: ['create'] },
    ]);
    expect(named('RoleBinding', KEY_ISSUER_ROLE)).toMatchObject({
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: KEY_ISSUER_ROLE },
      subjects: [{ kind: 'ServiceAccount', name: KEY_ISSUER_SERVICE_ACCOUNT, namespace: env.namespace }],
    });
    expect(named('ServiceAccount', KEY_ISSUER_SERVICE_ACCOUNT).automountServiceAccountToken).toBe(false);
  });

  it('is the only account bound to a rule on Secrets, and nothing is bound cluster-wide', () => {
    const onSecrets = ofKind(manifests, 'Role').filter((role) =>
      role.rules.some((rule: any) => rule.resources.includes('secrets')),
    );
    expect(onSecrets.map((role) => role.metadata.name)).toEqual([KEY_ISSUER_ROLE]);
    const toSecrets = ofKind(manifests, 'RoleBinding').filter((binding) => binding.roleRef.name === KEY_ISSUER_ROLE);
    expect(toSecrets.flatMap((binding) => binding.subjects.map((subject: any) => subject.name))).toEqual([
      KEY_ISSUER_SERVICE_ACCOUNT,
    ]);
    expect(manifests.filter((manifest) => /^Cluster(Role|RoleBinding)$/.test(manifest.kind))).toEqual([]);
  });
});
