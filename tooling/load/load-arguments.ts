/*
 * `npm run load -- <scenario> [--hold 2m] [--rate 20] [--profile ramp|soak|spike] [--max-vus 50]`: the flags are
 * the LOADTEST_HOLD, LOADTEST_RATE, LOADTEST_PROFILE and LOADTEST_MAX_VUS variables (a flag wins), so k6 and the
 * Node twin share one set of settings. `--duration` is an alias of `--hold`.
 */
import { isScenarioName, scenarioNames, type ScenarioName } from './scenario-registry.js';

const FLAG_VARIABLES: Record<string, string> = {
  '--hold': 'LOADTEST_HOLD',
  '--duration': 'LOADTEST_HOLD',
  '--rate': 'LOADTEST_RATE',
  '--profile': 'LOADTEST_PROFILE',
  '--max-vus': 'LOADTEST_MAX_VUS',
};

export const LOAD_USAGE = `usage: npm run load -- <${scenarioNames.join('|')}> [--hold 2m] [--rate N] [--profile ramp|soak|spike] [--max-vus N]`;

export type LoadArguments = { scenario: ScenarioName; overrides: Record<string, string> } | { error: string };

export function parseLoadArguments(argv: readonly string[]): LoadArguments {
  const [scenario, ...flags] = argv;
  if (scenario === undefined || !isScenarioName(scenario)) {
    return { error: scenario === undefined ? 'which scenario?' : `unknown scenario "${scenario}"` };
  }
  const overrides: Record<string, string> = {};
  for (let index = 0; index < flags.length; index += 2) {
    const flag = flags[index] ?? '';
    const [name = '', inline] = flag.split('=', 2);
    const variable = FLAG_VARIABLES[name];
    if (variable === undefined) return { error: `unknown flag ${flag}` };
    const value = inline ?? flags[index + 1];
    if (inline !== undefined) index -= 1;
    if (value === undefined || value.startsWith('--')) return { error: `${name} needs a value` };
    overrides[variable] = value;
  }
  return { scenario, overrides };
}
