import { describe, expect, it } from '@jest/globals';
import { repositoryRoot } from '../repository-root.js';
import { importCycles, reachableFrom, readImportGraph } from './import-graph.js';

// The three rooms of issue 30 (README "Map of the house"): shared/src is the runtime library that several
// deployables run, apps/<name>/src is what one deployable runs, tooling/ is everything that never runs in production.
const graph = readImportGraph(repositoryRoot);
const DEPLOYABLES = ['public-read', 'trading-api', 'chain-executor', 'webhook-dispatcher', 'admin-cli'];
const isTest = (file: string) => /\.(spec|test|fault|browser)\.ts$/.test(file);
const isProduction = (file: string) =>
  (file.startsWith('shared/src/') || /^apps\/[^/]+\/src\//.test(file)) && !isTest(file);
const appOf = (file: string) => /^apps\/([^/]+)\//.exec(file)?.[1] ?? null;
const productionFiles = [...graph.keys()].filter(isProduction);

const runBy = new Map<string, string[]>();
for (const app of DEPLOYABLES) {
  for (const file of reachableFrom(graph, `apps/${app}/src/main.ts`))
    runBy.set(file, [...(runBy.get(file) ?? []), app]);
}

function importsWhere(files: readonly string[], refused: (from: string, to: string) => boolean): string[] {
  return files.flatMap((from) =>
    (graph.get(from) ?? []).filter((to) => refused(from, to)).map((to) => `${from} → ${to}`),
  );
}

describe('the rooms of the house', () => {
  it('reads the graph it judges (every deployable reaches its use cases through shared code)', () => {
    expect(productionFiles.length).toBeGreaterThan(300);
    for (const app of DEPLOYABLES) expect(reachableFrom(graph, `apps/${app}/src/main.ts`).size).toBeGreaterThan(20);
  });

  it('production code never imports tooling', () => {
    expect(importsWhere(productionFiles, (_from, to) => to.startsWith('tooling/'))).toEqual([]);
  });

  it('shared code never imports up into an app, and an app never imports another app', () => {
    const upward = importsWhere(productionFiles, (from, to) => {
      const target = appOf(to);
      return target !== null && target !== appOf(from);
    });
    expect(upward).toEqual([]);
  });

  it('every production file of shared/ is run by at least two deployables (else it lives in its app or tooling)', () => {
    const sharedFiles = productionFiles.filter((file) => file.startsWith('shared/src/'));
    const notShared = sharedFiles
      .filter((file) => (runBy.get(file) ?? []).length < 2)
      .map((file) => `${file}: ${(runBy.get(file) ?? ['no deployable']).join(', ')}`);
    expect(notShared).toEqual([]);
  });

  it('has no import cycle among production files', () => {
    expect(importCycles(graph, new Set(productionFiles))).toEqual([]);
  });

  it('finds a cycle, an upward import and a file no deployable runs when there is one', () => {
    const sample = new Map([
      ['shared/src/a.ts', ['shared/src/b.ts', 'apps/x/src/c.ts']],
      ['shared/src/b.ts', ['shared/src/a.ts']],
      ['apps/x/src/c.ts', []],
    ]);
    expect(importCycles(sample, new Set(sample.keys()))).toEqual([['shared/src/a.ts', 'shared/src/b.ts']]);
    expect([...reachableFrom(sample, 'apps/x/src/c.ts')]).toEqual(['apps/x/src/c.ts']);
  });
});
