import { describe, expect, it } from '@jest/globals';
import { createDefaultMonokleValidator } from '@monokle/validation';
import { stringify } from 'yaml';
import { cloneOfKind, synthChart } from './chart.fixture.js';
import { ENVIRONMENTS, local } from './environment.js';
import type { Manifest } from './validate-manifests.js';

/**
 * @monokle/validation with its offline plugins only: YAML syntax, resource links (every reference resolves), the Pod
 * Security Standards and Kubernetes best practices (KBP rules). Its schema and OPA plugins load from the network and
 * silently pass offline (DESIGN §7): they stay off; validate-manifests.spec.ts checks the schemas instead.
 */
const OFFLINE_PLUGINS = {
  'yaml-syntax': true,
  'resource-links': true,
  'pod-security-standards': true,
  practices: true,
  'open-policy-agent': false,
  'kubernetes-schema': false,
};

async function findings(manifests: Manifest[]): Promise<string[]> {
  const resources = manifests.map((content, index) => ({
    id: `r${index}`,
    fileId: 'chart.yaml',
    filePath: 'chart.yaml',
    fileOffset: 0,
    name: content.metadata.name,
    apiVersion: content.apiVersion,
    kind: content.kind,
    namespace: content.metadata.namespace,
    content,
    text: stringify(content),
  }));
  const validator = createDefaultMonokleValidator();
  await validator.preload({ plugins: OFFLINE_PLUGINS });
  const response = await validator.validate({ resources });
  return response.runs
    .flatMap((run) => run.results)
    .map(
      (result) =>
        `${result.ruleId} ${result.message.text} @ ${result.locations[1]?.logicalLocations?.[0]?.fullyQualifiedName ?? '?'}`,
    );
}

describe('best practices (@monokle/validation, offline plugins)', () => {
  it.each(ENVIRONMENTS.map((env) => [env.name, env] as const))(
    'finds nothing in the %s manifests',
    async (_name, env) => {
      expect(await findings(synthChart(env, env.name))).toEqual([]);
    },
  );

  it('flags a container running as root, so the check is live', async () => {
    const deployment = cloneOfKind(synthChart(local, 'local'), 'Deployment');
    deployment.spec.template.spec.securityContext.runAsUser = 0;
    deployment.spec.template.spec.containers[0].securityContext.runAsUser = 0;
    deployment.spec.template.spec.containers[0].securityContext.runAsNonRoot = false;
    expect((await findings([deployment])).length).toBeGreaterThan(0);
  });
});
