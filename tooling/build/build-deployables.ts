/*
 * `npm run build`: compiles every deployable with tsc (tsconfig.build.json) and copies the files they read at run
 * time next to the compiled code, so `node <out>/apps/<app>/src/main.js` runs as the image runs it. `--out-dir D`
 * builds elsewhere (inside the repository, so node_modules resolves); the default is build/.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '../repository-root.js';
import { writeBrowserBundles } from './browser-bundles.js';

/** Source folders read at run time (not imported), relative to the repository root. */
export const RUNTIME_ASSETS = ['apps/trading-api/openapi', 'apps/public-read/openapi'];

/**
 * The compiled tree's own package.json: the nearest one to every compiled file, so `#shared/*` imports resolve to
 * the compiled shared code (the repository's package.json maps them to the TypeScript sources).
 */
export const BUILD_PACKAGE_JSON = { type: 'module', imports: { '#shared/*': './shared/src/*' } } as const;

/** What the image sets for every deployable (Dockerfile `ENV`; a spec keeps the two equal). */
export const IMAGE_ENV = { NODE_ENV: 'production' } as const;

/**
 * Node flags a deployable runs with, in the image (docker-entrypoint.sh), in its Deployment's command
 * (cdk8s/lib/deployables.ts) and in the benches (specs keep the three equal). The trading API keeps V8's young
 * generation at 8 MB per semi-space instead of 16: it idled at 150–152 MB with 16 and at 134 MB with 8 (`npm run
 * bench:memory`, target < 150 MB), with no change in `bench:trades` measurable here. The others keep the default:
 * they idle well under the target, and the webhook dispatcher, which allocates the most under load, lost a fifth of its
 * deliveries per second with 8.
 */
export const NODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  'trading-api': ['--max-semi-space-size=8'],
};

export function buildDeployables(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  const tsc = join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (compiled.status !== 0) throw new Error(`tsc failed (exit ${compiled.status ?? compiled.signal})`);
  for (const asset of RUNTIME_ASSETS) cpSync(join(repositoryRoot, asset), join(outDir, asset), { recursive: true });
  writeBrowserBundles(outDir);
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(BUILD_PACKAGE_JSON, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--out-dir');
  const outDir = flag > 0 ? process.argv[flag + 1] : undefined;
  if (flag > 0 && outDir === undefined) throw new Error('--out-dir needs a directory');
  buildDeployables(resolve(repositoryRoot, outDir ?? 'build'));
}
