/*
 * Prints one admin CLI Job (cdk8s/lib/admin-cli-job.ts) as YAML, for `kubectl apply -f -`:
 *
 *   npx tsx cdk8s/admin-job.ts --name keys-ada-1 --image "$IMAGE" [--environment production] [--namespace foretell] \
 *     [--kubernetes-api] -- --actor alice@ops --json keys issue --user ada@example.com --tier enterprise --env live
 *
 * Everything after `--` goes to the admin CLI. `--kubernetes-api` (for `routes disable|enable`) mounts the
 * `foretell-admin` ServiceAccount's token. A `keys issue` Job always runs as `foretell-key-issuer` with its token: the
 * CLI writes the key into a Secret instead of its log. docs/runbooks/cluster-operations.md shows the whole procedure.
 */
import { parseArgs } from 'node:util';
import { adminCliJobYaml } from './lib/admin-cli-job.js';
import { ENVIRONMENTS } from './lib/environment.js';

const usage =
  'usage: npx tsx cdk8s/admin-job.ts --name <job> [--image <image>] [--environment local|staging|production] ' +
  '[--namespace <ns>] [--kubernetes-api] -- <admin CLI arguments…>\n';

function main(): void {
  const { values, positionals } = parseArgs({
    options: {
      name: { type: 'string' },
      image: { type: 'string' },
      environment: { type: 'string', default: 'production' },
      namespace: { type: 'string' },
      'kubernetes-api': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const env = ENVIRONMENTS.find((candidate) => candidate.name === values.environment);
  if (!values.name || !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(values.name) || !env || !positionals.length) {
    process.stderr.write(usage);
    process.exitCode = 2;
    return;
  }
  process.stdout.write(
    adminCliJobYaml(values.namespace ? { ...env, namespace: values.namespace } : env, {
      name: values.name,
      args: positionals,
      kubernetesApi: values['kubernetes-api'],
      ...(values.image ? { image: values.image } : {}),
    }),
  );
}

main();
