/**
 * The OperatorRegistry (shared/contracts/src/OperatorRegistry.sol): the operator of every smart account. The
 * executor's signer keys act through it, each call carrying a deadline, so that
 * - a pool of keys can share the accounts (each key is one nonce sequence, leased to one replica: signer-lease.ts);
 * - revoking a compromised key stops it on every account in one transaction of the platform admin;
 * - a call mined after its deadline is refused, so a trade whose deadline the chain has passed can never execute.
 * The executor's forwarded calls are apps/chain-executor/src/chain/operator-calls.ts; the admin's signer and account
 * management is apps/admin-cli/src/chain/operator-registry-admin.ts.
 */
import type { Address } from 'viem';
import { AppError } from '../errors/app-error.js';

/** The registry of a platform, or DEPENDENCY_UNAVAILABLE naming the fix when it predates the registry. */
export function requireOperatorRegistry(registry: Address | null, chainId: number): Address {
  if (registry) return registry;
  throw new AppError('DEPENDENCY_UNAVAILABLE', {
    detail: `The platform on chain ${chainId} has no OperatorRegistry: run \`npm run -s admin -- signers setup\``,
  });
}
