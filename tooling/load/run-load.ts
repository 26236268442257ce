/*
 * `npm run load -- <scenario>`: runs a k6 scenario's shared definition (loadtest/scenarios/) with the Node load
 * generator in this process against a running stack (by default what `npm start` serves), prints the summary with
 * its threshold verdicts, writes the JSON summary (k6's end-of-test shape) under loadtest/reports/, and ends with
 *   scenario=NAME requests=N rps=N p95_ms=N p99_ms=N errors=N thresholds=pass|fail
 * Exit code 0 when every threshold holds, 99 when one does not (as k6), 64 on bad arguments, 78 on bad settings.
 */
import { loadConfig, ConfigError } from '#shared/config/load-config.js';
import { buildStages, resolveLoadConfig, resolveLoadShape } from '../../loadtest/lib/load-config.js';
import { formatSummaryLine, formatSummaryText } from '../../loadtest/lib/run-summary.js';
import type { LoadConfig, LoadShape } from '../../loadtest/lib/scenario-types.js';
import { LOAD_USAGE, parseLoadArguments } from './load-arguments.js';
import { loadRunnerConfigSchema, stringVariables, type LoadRunnerConfig } from './load-runner-config.js';
import { prepareLocalLoad, type LocalLoadSetup } from './local-load-setup.js';
import { rateLimitAdvice } from './rate-limit-advice.js';
import { writeRunReport } from './report-files.js';
import { runScenario } from './run-scenario.js';
import { needsApiKeys, needsReceiver, scenarioDefinition } from './scenario-registry.js';
import { messageOf } from '#shared/errors/thrown-values.js';

const say = (line = '') => process.stdout.write(`${line}\n`);

function failSettings(message: string): never {
  process.stderr.write(`npm run load: ${message}\n`);
  process.exit(78);
}

const parsed = parseLoadArguments(process.argv.slice(2));
if ('error' in parsed) {
  process.stderr.write(`npm run load: ${parsed.error}\n${LOAD_USAGE}\n`);
  process.exit(64);
}
const definition = scenarioDefinition(parsed.scenario);

let runner: LoadRunnerConfig;
let config: LoadConfig;
let shape: LoadShape;
try {
  runner = loadConfig(loadRunnerConfigSchema);
  const env = { ...stringVariables(runner), ...parsed.overrides };
  config = resolveLoadConfig(env);
  shape = resolveLoadShape(definition.load, env);
} catch (error) {
  failSettings(error instanceof ConfigError ? error.message : messageOf(error));
}

let local: LocalLoadSetup | null = null;
if (needsApiKeys(parsed.scenario) && config.apiKeys.length === 0) {
  try {
    local = await prepareLocalLoad(runner, config.confirmAmount);
  } catch (error) {
    failSettings(messageOf(error));
  }
  config = { ...config, apiKeys: local.keys.map((key) => key.key), receiverUrl: local.receiver.base };
  say(
    `issued ${local.keys.length} load keys (…${local.keys.map((key) => key.key.slice(-4)).join(', …')}); webhooks → ${local.receiver.url('/webhooks')}`,
  );
} else if (needsReceiver(parsed.scenario)) {
  say(`webhook receiver: ${config.receiverUrl} (LOADTEST_RECEIVER_URL; the keys' webhook URL must point at it)`);
}

const stages = buildStages(shape);
say(`${definition.name}: ${definition.description}`);
say(`  public ${config.publicUrl}   trading ${config.tradingUrl}`);
say(
  `  profile ${shape.profile}: ${stages.map((stage) => `${stage.duration}→${stage.target}/s`).join(', ')}; at most ${shape.maxVUs} in flight`,
);

let exitCode: number;
try {
  const run = await runScenario(definition, config, shape, { log: say });
  say();
  say('requests by name');
  for (const entry of run.byRequest) {
    say(
      `  ${entry.name.padEnd(44)} ${String(entry.count).padStart(7)}  failed ${entry.failed}  p95 ${entry.p95.toFixed(1)} ms  p99 ${entry.p99.toFixed(1)} ms`,
    );
  }
  for (const check of run.checks.filter((entry) => entry.fails > 0))
    say(`  ✗ check "${check.name}": ${check.fails} failed of ${check.passes + check.fails}`);
  for (const note of run.notes) {
    say(note.title);
    console.table(note.rows);
  }
  if (local) say(`receiver: ${JSON.stringify(local.receiver.stats())}`);
  const advice = rateLimitAdvice(run.rateLimited, config);
  say(`report: ${await writeRunReport({ ...run, logs: [...run.logs, ...advice] }, runner.LOADTEST_REPORTS_DIR)}`);
  for (const line of advice) say(line);
  say();
  const text = formatSummaryText(definition.name, run.summary);
  say(text);
  exitCode = text.endsWith('thresholds=pass') ? 0 : 99;
} catch (error) {
  say(`${definition.name} could not run: ${messageOf(error)}`);
  say(
    formatSummaryLine({
      scenario: definition.name,
      requests: 0,
      rps: 0,
      p95Ms: 0,
      p99Ms: 0,
      errors: 0,
      thresholdsPassed: false,
    }),
  );
  exitCode = 99;
} finally {
  await local
    ?.release()
    .catch((error: unknown) => process.stderr.write(`releasing the load keys: ${messageOf(error)}\n`));
}
process.exit(exitCode);
