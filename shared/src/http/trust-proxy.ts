/**
 * Turns the `TRUST_PROXY` setting into express's 'trust proxy' value: which peers are the gateway, whose
 * X-Forwarded-For is read at all. `false`/empty (the default) never trusts X-Forwarded-For; `true` trusts every peer
 * (only where nothing but the gateway can connect); a number trusts the peer (a hop count ≥ 1); anything else is a
 * comma-separated list of addresses/subnets or express's names (`loopback`, `linklocal`, `uniquelocal`), validated
 * by express when set. Which X-Forwarded-For entry is the client is GATEWAY_APPENDED_ADDRESSES' business
 * (client-address.ts), not a hop count's.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'false') return false;
  if (trimmed.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}
