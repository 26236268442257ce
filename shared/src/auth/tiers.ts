/** The scopes of the trading API; each operation requires exactly one (spec/trading-api.md, "Scopes"). */
export const apiScopes = [
  'markets:read',
  'markets:quote',
  'portfolio:read',
  'trades:read',
  'trades:write',
  'webhooks:manage',
  'auth:manage',
] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiKeyTiers = ['free', 'developer', 'enterprise', 'mm'] as const;
export type ApiKeyTier = (typeof apiKeyTiers)[number];

const readOnly: ApiScope[] = ['markets:read', 'markets:quote', 'portfolio:read'];

/** Scopes a key of the tier gets unless overridden at issuance. */
export const tierDefaultScopes: Record<ApiKeyTier, readonly ApiScope[]> = {
  free: readOnly,
  developer: readOnly,
  enterprise: [...readOnly, 'trades:read', 'trades:write'],
  mm: [...readOnly, 'trades:read', 'trades:write'],
};

/**
 * Requests per minute when the key has no admin-set `rate_limit_rpm`. free and developer are fixed by the contract;
 * enterprise and mm are "custom, admin-set": these defaults apply until an operator sets one.
 */
export const tierDefaultRpm: Record<ApiKeyTier, number> = {
  free: 60,
  developer: 300,
  enterprise: 1_200,
  mm: 6_000,
};

export function isApiScope(value: string): value is ApiScope {
  return apiScopes.some((scope) => scope === value);
}

export function isApiKeyTier(value: string): value is ApiKeyTier {
  return apiKeyTiers.some((tier) => tier === value);
}

/** The key's effective per-minute limit: its own override, else its tier's default. */
export function effectiveRpm(tier: ApiKeyTier, override: number | null): number {
  return override ?? tierDefaultRpm[tier];
}
