/**
 * `npm run compile:contracts`            compiles shared/contracts/src and rewrites shared/contracts/artifacts.
 * `npm run compile:contracts -- --check` compiles in memory and exits 1, naming every artifact that differs from
 *                                        the committed one (or is missing, or is stale), without writing anything.
 * Compiler errors are printed and exit 1 in both modes.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artifactsDir, buildArtifacts, CompilationError } from './solc-build.js';

function committedArtifacts(): string[] {
  return existsSync(artifactsDir) ? readdirSync(artifactsDir).filter((name) => name.endsWith('.ts')) : [];
}

function check(files: Map<string, string>): number {
  const differing: string[] = [];
  for (const [name, contents] of files) {
    const file = path.join(artifactsDir, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== contents) differing.push(name);
  }
  const stale = committedArtifacts().filter((name) => !files.has(name));
  if (differing.length === 0 && stale.length === 0) {
    process.stdout.write(`contract artifacts are up to date (${files.size} files)\n`);
    return 0;
  }
  for (const name of differing) process.stderr.write(`out of date: shared/contracts/artifacts/${name}\n`);
  for (const name of stale) process.stderr.write(`stale (no longer generated): shared/contracts/artifacts/${name}\n`);
  process.stderr.write('Run `npm run compile:contracts` and commit the result.\n');
  return 1;
}

function write(files: Map<string, string>): number {
  mkdirSync(artifactsDir, { recursive: true });
  for (const name of committedArtifacts()) if (!files.has(name)) rmSync(path.join(artifactsDir, name));
  for (const [name, contents] of files) writeFileSync(path.join(artifactsDir, name), contents);
  process.stdout.write(`wrote ${files.size} files to shared/contracts/artifacts\n`);
  return 0;
}

function main(): number {
  const checkOnly = process.argv.includes('--check');
  try {
    const files = buildArtifacts();
    return checkOnly ? check(files) : write(files);
  } catch (error) {
    if (error instanceof CompilationError) {
      process.stderr.write(`Solidity compilation failed:\n${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = main();
