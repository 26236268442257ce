/* The api_keys row as the code reads it (without the secret material) and what an insert takes. No knex here. */
import { toBigIntOrNull, toDate, toDateOrNull, toIntOrNull, toOneOf, toStringOrNull } from '../column-values.js';
import { parseJsonColumn, type Row } from '../transaction.js';

export const apiKeyEnvs = ['live', 'test'] as const;
export type ApiKeyEnv = (typeof apiKeyEnvs)[number];
export const apiKeyTierNames = ['free', 'developer', 'enterprise', 'mm'] as const;
export type ApiKeyTierName = (typeof apiKeyTierNames)[number];

/** An api_keys row without the secret material (the hash stays inside the repository and the lookup). */
export interface ApiKeyRecord {
  id: string;
  userId: string;
  env: ApiKeyEnv;
  keyHash: string;
  /** pepperIdOf the pepper keyHash was made with; null until the key is verified once (rows before tracking). */
  pepperId: string | null;
  last4: string;
  name: string | null;
  tier: ApiKeyTierName;
  scopes: string[];
  /** NULL = any address. */
  ipAllowlist: string[] | null;
  webhookUrl: string | null;
  /** NULL = the tier's default. */
  rateLimitRpm: number | null;
  /** USDC atomic; NULL = the tier's default. */
  dailySpendLimit: bigint | null;
  perTradeLimit: bigint | null;
  highValueThreshold: bigint | null;
  confirmationWindowS: number | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface NewApiKey {
  id: string;
  userId: string;
  env: ApiKeyEnv;
  keyHash: string;
  /** pepperIdOf the pepper keyHash was made with. */
  pepperId: string;
  last4: string;
  name?: string | null;
  tier: ApiKeyTierName;
  scopes: string[];
  ipAllowlist?: string[] | null;
  webhookUrl?: string | null;
  /** Already encrypted by the caller: the repository never sees a plaintext webhook secret. */
  webhookSecretEnc?: string | null;
  rateLimitRpm?: number | null;
  dailySpendLimit?: bigint | null;
  perTradeLimit?: bigint | null;
  highValueThreshold?: bigint | null;
  confirmationWindowS?: number | null;
  expiresAt?: Date | null;
}

/** An `api_keys` row (SELECT *) as an ApiKeyRecord. */
export function toApiKey(row: Row): ApiKeyRecord {
  const allowlist = row.ip_allowlist === null ? null : parseJsonColumn<string[]>(row.ip_allowlist);
  return {
    id: String(row.id),
    userId: String(row.user_id),
    env: toOneOf(apiKeyEnvs, row.env, 'api_keys.env'),
    keyHash: String(row.key_hash),
    pepperId: toStringOrNull(row.pepper_id),
    last4: String(row.last4),
    name: toStringOrNull(row.name),
    tier: toOneOf(apiKeyTierNames, row.tier, 'api_keys.tier'),
    scopes: parseJsonColumn<string[]>(row.scopes),
    ipAllowlist: allowlist,
    webhookUrl: toStringOrNull(row.webhook_url),
    rateLimitRpm: toIntOrNull(row.rate_limit_rpm),
    dailySpendLimit: toBigIntOrNull(row.daily_spend_limit),
    perTradeLimit: toBigIntOrNull(row.per_trade_limit),
    highValueThreshold: toBigIntOrNull(row.high_value_threshold),
    confirmationWindowS: toIntOrNull(row.confirmation_window_s),
    expiresAt: toDateOrNull(row.expires_at),
    revokedAt: toDateOrNull(row.revoked_at),
    createdAt: toDate(row.created_at),
  };
}
