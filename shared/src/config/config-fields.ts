import { z } from 'zod';

/** Reusable env field parsers. Every field has a local default so `npm start` needs no .env file. */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
export const url = (fallback: string) => z.url().default(fallback);
export const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');
export const csvList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
export const serviceEnv = z.enum(['test', 'live']).default('test');

/**
 * anvil's first two well-known development keys: the local platform admin and executor. They are public, so
 * a live deployment refuses them (see refuseDevelopmentSecrets).
 */
export const ANVIL_ADMIN_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const ANVIL_EXECUTOR_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const DEVELOPMENT_PEPPER = 'local-dev-pepper-change-me-in-production-0001';
/** Local default of WEBHOOK_SECRET_KEY (encrypts webhook signing secrets at rest); refused in live mode. */
export const DEVELOPMENT_WEBHOOK_SECRET_KEY = 'local-dev-webhook-secret-key-change-me-0001';

const PRIVATE_KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;
const isPrivateKeyText = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && PRIVATE_KEY_PATTERN.test(value);

/** A 32-byte hex private key, typed as the 0x-prefixed hex viem signs with. */
const privateKeyText = z.custom<`0x${string}`>(
  isPrivateKeyText,
  'must be a 32-byte hex private key (0x + 64 hex digits)',
);
export const privateKey = (fallback: `0x${string}`) => privateKeyText.default(fallback);
/** A private key that may be unset (its user decides what unset means). */
export const optionalPrivateKey = privateKeyText.optional();

/**
 * A comma-separated list of private keys (a signer pool); unset or empty reads as undefined. A key repeated in the
 * list is refused: it would be one nonce sequence counted as two signers.
 */
export const privateKeyList = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()))
    .pipe(
      z
        .array(z.custom<`0x${string}`>(isPrivateKeyText, 'each must be a 32-byte hex private key (0x + 64 hex digits)'))
        .min(1)
        .refine((keys) => new Set(keys.map((key) => key.toLowerCase())).size === keys.length, 'keys must differ'),
    )
    .optional(),
);

const developmentSecrets = new Set([
  ANVIL_ADMIN_KEY,
  ANVIL_EXECUTOR_KEY,
  DEVELOPMENT_PEPPER,
  DEVELOPMENT_WEBHOOK_SECRET_KEY,
]);

/** In live mode every secret must be set explicitly: the public development defaults are refused. */
export function refuseDevelopmentSecrets(config: Record<string, unknown>, context: z.RefinementCtx): void {
  if (config.SERVICE_ENV !== 'live') return;
  for (const [name, value] of Object.entries(config)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && developmentSecrets.has(item))) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'must not be a public development default in live mode',
      });
    }
  }
}

/**
 * The previous value of a rotated secret (API_KEY_PEPPER_PREVIOUS, WEBHOOK_SECRET_KEY_PREVIOUS), accepted alongside
 * the current one while a rotation is under way (docs/decisions/0030). Unset or empty: no rotation.
 */
export const previousSecret = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(32, 'must be at least 32 characters when set').optional(),
);

const ROTATED_SECRETS = [
  ['API_KEY_PEPPER', 'API_KEY_PEPPER_PREVIOUS'],
  ['WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEY_PREVIOUS'],
] as const;

/** A previous secret equal to the current one is a mistake in the rotation (the old value was never replaced). */
export function refuseUnchangedPreviousSecrets(config: Record<string, unknown>, context: z.RefinementCtx): void {
  for (const [current, previous] of ROTATED_SECRETS) {
    if (config[previous] !== undefined && config[previous] === config[current]) {
      context.addIssue({
        code: 'custom',
        path: [previous],
        message: `must differ from ${current} (set it to the value ${current} had before the rotation)`,
      });
    }
  }
}
