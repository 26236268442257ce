import type { Address, Hex } from 'viem';
import { requireOperatorRegistry } from '#shared/chain/operator-registry.js';
import { isRegisteredSigner, listRegisteredSigners, setSignerRegistered } from '../chain/operator-registry-admin.js';
import { type ChainReader, type ChainWriter } from '#shared/chain/chain-clients.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { type Queryable } from '#shared/db/transaction.js';

export interface SignerReadDeps {
  reader: () => Promise<ChainReader>;
  platform: () => Promise<PlatformAddresses>;
}

export interface RegistrySigners {
  registry: Address;
  /** Every signer the registry has ever registered, oldest first, with whether it still is. */
  signers: Array<{ address: Address; registered: boolean }>;
}

/** The platform's OperatorRegistry; DEPENDENCY_UNAVAILABLE naming `signers setup` on a platform deployed before it. */
async function registryOf(platform: () => Promise<PlatformAddresses>): Promise<Address> {
  const addresses = await platform();
  return requireOperatorRegistry(addresses.operatorRegistry, addresses.chainId);
}

/** `signers list`: read from the chain only (never waits for the admin key). */
export async function listSigners(deps: SignerReadDeps): Promise<RegistrySigners> {
  const registry = await registryOf(deps.platform);
  const signers = await listRegisteredSigners(await deps.reader(), registry);
  return { registry, signers: signers.map(({ signer, registered }) => ({ address: signer, registered })) };
}

export interface SetSignerDeps extends SignerReadDeps {
  db: Queryable;
  /** Opened (the admin key leased) only when the registry must change. */
  chain: () => Promise<ChainWriter>;
}

export interface SetSignerCommand {
  /** Checksummed, non-zero. */
  address: Address;
  registered: boolean;
  actor: string;
}

export interface SignerChange {
  registry: Address;
  address: Address;
  registered: boolean;
  /** Null when the signer already was in that state (nothing was sent). */
  txHash: Hex | null;
}

/**
 * `signers add|revoke`: registers or revokes an executor signer in the OperatorRegistry (one transaction of the
 * platform admin, the registry's owner), then records the audit entry. Idempotent: a signer already in the asked
 * state is reported as it is, and nothing is sent.
 */
export async function setSigner(deps: SetSignerDeps, command: SetSignerCommand): Promise<SignerChange> {
  const registry = await registryOf(deps.platform);
  const already = (await isRegisteredSigner(await deps.reader(), registry, command.address)) === command.registered;
  const txHash = already
    ? null
    : await setSignerRegistered(await deps.chain(), {
        registry,
        signer: command.address,
        registered: command.registered,
      });
  await recordAdminAction(deps.db, {
    actor: command.actor,
    action: command.registered ? 'signers.add' : 'signers.revoke',
    targetType: 'signer',
    targetId: command.address,
    details: { registry, registered: command.registered, alreadyInThatState: already, txHash },
  });
  return { registry, address: command.address, registered: command.registered, txHash };
}
