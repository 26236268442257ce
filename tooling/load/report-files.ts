/*
 * Writes a run's JSON summary (k6's end-of-test shape plus per-second series) under the reports directory, named by
 * scenario and start time; returns its path. k6 runs write theirs through handleSummary (and the web dashboard's
 * HTML export): this engine writes no report of its own beside them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScenarioRun } from './run-scenario.js';

export async function writeRunReport(run: ScenarioRun, directory: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, `${run.scenario}-${run.startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(path, `${JSON.stringify(run, null, 2)}\n`);
  return path;
}
