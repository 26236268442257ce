import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

/** Files by repository path, each with the repository files it imports (static, dynamic and re-exports). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SOURCE_FOLDERS = ['apps', 'shared', 'tooling', 'migrations', 'cdk8s', 'clients', 'docs'];
const SKIPPED = new Set(['node_modules', 'dist', 'generated', 'artifacts', 'imports']);
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function typeScriptFiles(root: string, folder: string): string[] {
  const entries = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' });
  return entries
    .map((entry) => join(folder, entry).split(sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .filter((file) => !file.split('/').some((part) => SKIPPED.has(part)));
}

function resolveImport(files: ReadonlySet<string>, from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('#shared/')) target = `shared/src/${specifier.slice('#shared/'.length)}`;
  else if (specifier.startsWith('#tooling/')) target = `tooling/${specifier.slice('#tooling/'.length)}`;
  else if (specifier.startsWith('.'))
    target = normalize(join(dirname(from), specifier))
      .split(sep)
      .join('/');
  else return null;
  const candidates = [target.replace(/\.js$/, '.ts'), `${target}.ts`, target];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** The import graph of the repository's TypeScript sources (regular expressions over the text; no type checker). */
export function readImportGraph(root: string): ImportGraph {
  const files = SOURCE_FOLDERS.flatMap((folder) => typeScriptFiles(root, folder));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(known, file, match[1] ?? match[2] ?? match[3] ?? '');
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every file reachable from `entry`, itself included. */
export function reachableFrom(graph: ImportGraph, entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

/** The import cycles among `files` (strongly connected components of two or more files, or a self-import). */
export function importCycles(graph: ImportGraph, files: ReadonlySet<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!files.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
