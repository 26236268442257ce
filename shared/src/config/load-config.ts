import { urlWithoutSecrets } from '../logger/secret-free-text.js';
import type { z } from 'zod';

/** Raised when the environment does not satisfy an app's schema; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` against `schema`; throws ConfigError naming each offending variable and why. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    const shown = value === undefined ? 'unset' : `got "${redactIfSecret(variable, value)}"`;
    return `${variable}: ${issue.message} (${shown})`;
  });
  throw new ConfigError(issues);
}

/** For `main.ts`: load the config or print the problem and exit 78 (EX_CONFIG) before anything starts. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, appName: string): z.infer<S> {
  try {
    return loadConfig(schema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${appName}: ${error.message}\n`);
    process.exit(78);
  }
}

/**
 * What a config error may echo of a value: nothing of a secret variable; of a URL setting (DATABASE_URL, AMQP_URL,
 * REDIS_URL, CHAIN_RPC_URL, a comma-separated list of them) or any value holding `://`, each URL as urlWithoutSecrets
 * shows it (scheme and host only).
 */
export function redactIfSecret(variable: string, value: string): string {
  if (/SECRET|PEPPER|PASSWORD|KEY|TOKEN/i.test(variable)) return '***';
  if (!/URL/i.test(variable) && !value.includes('://')) return value;
  return value
    .split(',')
    .map((part) => urlWithoutSecrets(part.trim()))
    .join(',');
}
