import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * What runs the code and what builds it (issue 29): every GitHub Action pinned to a commit (a tag can be moved to
 * other code; a commit cannot), every workflow and job with its own least-privilege token, and an image on a Node
 * LTS that CI also tests, beside the oldest Node package.json "engines" accepts.
 */
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const workflowFiles = readdirSync(new URL('.github/workflows/', root)).filter((name) => /\.ya?ml$/.test(name));

/** Job permissions that need more than reading the repository, each with its reason (`<job>: <scope>`). */
const ALLOWED_WRITES: Record<string, string> = {};

/** `uses:` lines that are not a full commit SHA followed by the tag it was taken from. */
function unpinnedUses(workflow: string): string[] {
  return workflow
    .split('\n')
    .map((line) => line.trim().replace(/^-\s*/, ''))
    .filter((line) => line.startsWith('uses:'))
    .filter((line) => {
      const target = line.replace(/^uses:\s*/, '');
      if (target.startsWith('./')) return false; // an action of this repository: pinned by the checkout itself
      if (target.startsWith('docker://')) return !/@sha256:[0-9a-f]{64}(\s|$)/.test(target);
      return !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*\S*$/.test(target);
    });
}

interface Workflow {
  permissions?: unknown;
  jobs?: Record<string, { permissions?: unknown }>;
}

/** What is wrong with a workflow's token permissions: missing (the repository default, often write-all) or too wide. */
function permissionProblems(workflow: string): string[] {
  // parse() answers `any`; a workflow is a mapping with these two keys, both checked below before use.
  const parsed: Workflow = parse(workflow);
  const problems: string[] = [];
  if (parsed.permissions === undefined) problems.push('workflow: no top-level permissions');
  problems.push(...scopeProblems('workflow', parsed.permissions));
  for (const [name, job] of Object.entries(parsed.jobs ?? {})) {
    if (job.permissions === undefined) problems.push(`${name}: no permissions`);
    problems.push(...scopeProblems(name, job.permissions));
  }
  return problems;
}

function scopeProblems(owner: string, permissions: unknown): string[] {
  if (permissions === undefined) return [];
  if (typeof permissions === 'string') return [`${owner}: permissions ${permissions} (name each scope)`];
  if (typeof permissions !== 'object' || permissions === null) return [`${owner}: permissions is not a mapping`];
  return Object.entries(permissions)
    .filter(([scope, level]) => level === 'write' && ALLOWED_WRITES[`${owner}: ${scope}`] === undefined)
    .map(([scope]) => `${owner}: ${scope}: write`);
}

/** The Node major of each `FROM node:<major>…` stage of a Dockerfile. */
function nodeMajors(dockerfile: string): number[] {
  return [...dockerfile.matchAll(/^FROM\s+(?:--platform=\S+\s+)?node:(\d+)[\w.-]*(?:@sha256:[0-9a-f]{64})?(?:\s|$)/gim)].map(
    (match) => Number(match[1]),
  );
}

/** Node's even majors are its LTS lines; 22 is the oldest still given security fixes after 20's end. */
function isSupportedLts(major: number): boolean {
  return major >= 22 && major % 2 === 0;
}

const dockerfile = read('Dockerfile');

describe('GitHub workflows', () => {
  it.each(workflowFiles)('%s pins every action to a full commit SHA with its tag as a comment', (file) => {
    expect(unpinnedUses(read(`.github/workflows/${file}`))).toEqual([]);
  });

  it.each(workflowFiles)('%s gives the workflow and each job least-privilege permissions', (file) => {
    expect(permissionProblems(read(`.github/workflows/${file}`))).toEqual([]);
  });

  it('tests on the oldest Node "engines" accepts (20) and on the Node the image runs', () => {
    // parse() answers `any`; the shape is read defensively with optional chaining.
    const ci: { jobs?: { test?: { strategy?: { matrix?: { node?: unknown } } } } } = parse(
      read('.github/workflows/ci.yml'),
    );
    const [imageMajor] = nodeMajors(dockerfile);
    expect(ci.jobs?.test?.strategy?.matrix?.node).toEqual([20, imageMajor]);
    expect(JSON.parse(read('package.json')).engines.node).toMatch(/^>=20\.19 <21 \|\| >=22\.12$/);
  });

  it('flags an action by tag or branch, a short SHA, a SHA without its tag, and an unpinned docker action', () => {
    const workflow = [
      '      - uses: actions/checkout@v4',
      '      - uses: actions/checkout@main',
      '      - uses: actions/checkout@11d5960',
      '      - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262',
      '      - uses: docker://alpine:3',
      '      - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0',
      '        uses: ./.github/actions/local',
    ].join('\n');
    expect(unpinnedUses(workflow)).toHaveLength(5);
  });

  it('flags a workflow or job without permissions, write-all, and an unlisted write scope', () => {
    const workflow = 'on: push\njobs:\n  a: { runs-on: x, steps: [] }\n  b: { permissions: write-all }\n  c: { permissions: { contents: write } }\n';
    expect(permissionProblems(workflow)).toEqual([
      'workflow: no top-level permissions',
      'a: no permissions',
      'b: permissions write-all (name each scope)',
      'c: contents: write',
    ]);
  });
});

describe('Dockerfile', () => {
  it('runs every stage on one Node LTS of 22 or later', () => {
    const majors = nodeMajors(dockerfile);
    expect(majors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(majors).size).toBe(1);
    expect(majors.filter((major) => !isSupportedLts(major))).toEqual([]);
  });

  it('is checked by the image job for the Node it was built with', () => {
    const [major] = nodeMajors(dockerfile);
    expect(read('.github/workflows/ci.yml')).toContain(`grep -q '^v${major}\\.'`);
  });

  it('reads the Node major of each stage and refuses a current or end-of-life release', () => {
    expect(nodeMajors('FROM node:20-bookworm-slim AS build\nFROM --platform=linux/amd64 node:23.1-alpine\n')).toEqual([
      20, 23,
    ]);
    expect([18, 20, 21, 23, 25].filter(isSupportedLts)).toEqual([]);
    expect([22, 24, 26].every(isSupportedLts)).toBe(true);
  });
});
