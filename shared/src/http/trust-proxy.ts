/**
 * Turns the `TRUST_PROXY` setting into express's 'trust proxy' value. `false`/empty (the default) never trusts
 * X-Forwarded-For; `true` trusts every hop (only behind a gateway that strips client-sent headers); a number trusts
 * that many hops; anything else is a comma-separated list of addresses/subnets or express's names (`loopback`,
 * `linklocal`, `uniquelocal`), validated by express when set.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'false') return false;
  if (trimmed.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}
