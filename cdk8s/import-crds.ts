/*
 * `npm run synth:import`: regenerates cdk8s/imports from the CRD YAML committed in cdk8s/crds (offline:
 * `cdk8s import <local file>`), then marks the type-only imports so the files compile under verbatimModuleSyntax.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cdk8sDir = fileURLToPath(new URL('.', import.meta.url));
const cli = join(cdk8sDir, '..', 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s');

/** Module prefix → CRD file: one generated module per kind (two kinds of one group would overwrite each other). */
const IMPORTS: Record<string, string> = {
  gateway: 'crds/gateway.networking.k8s.io_gateways.yaml',
  httproute: 'crds/gateway.networking.k8s.io_httproutes.yaml',
  scaledobject: 'crds/keda.sh_scaledobjects.yaml',
  triggerauthentication: 'crds/keda.sh_triggerauthentications.yaml',
  healthcheckpolicy: 'crds/networking.gke.io_healthcheckpolicies.yaml',
  gcpbackendpolicy: 'crds/networking.gke.io_gcpbackendpolicies.yaml',
};

rmSync(join(cdk8sDir, 'imports'), { recursive: true, force: true });
for (const [prefix, file] of Object.entries(IMPORTS)) {
  const args = [
    cli,
    'import',
    '--no-check-upgrade',
    '--language',
    'typescript',
    '--output',
    'imports',
    `${prefix}:=${file}`,
  ];
  const result = spawnSync(process.execPath, args, { cwd: cdk8sDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`cdk8s import ${file} failed`);
}
for (const file of readdirSync(join(cdk8sDir, 'imports'))) {
  const path = join(cdk8sDir, 'imports', file);
  writeFileSync(
    path,
    readFileSync(path, 'utf8').replace(
      "import { ApiObject, ApiObjectMetadata, GroupVersionKind } from 'cdk8s';",
      "import { ApiObject, type ApiObjectMetadata, type GroupVersionKind } from 'cdk8s';",
    ),
  );
}
