/*
 * Writes a run's JSON summary (k6's end-of-test shape plus the series) and its HTML report under the reports
 * directory, named by scenario and start time; returns their paths.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderHtmlReport } from './html-report.js';
import type { ScenarioRun } from './run-scenario.js';

export interface WrittenReports {
  json: string;
  html: string;
}

export async function writeRunReports(run: ScenarioRun, directory: string): Promise<WrittenReports> {
  await mkdir(directory, { recursive: true });
  const stem = `${run.scenario}-${run.startedAt.replace(/[:.]/g, '-')}`;
  const paths = { json: join(directory, `${stem}.json`), html: join(directory, `${stem}.html`) };
  await writeFile(paths.json, `${JSON.stringify(run, null, 2)}\n`);
  await writeFile(paths.html, renderHtmlReport(run));
  return paths;
}
