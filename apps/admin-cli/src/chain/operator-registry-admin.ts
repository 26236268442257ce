/**
 * The platform admin's writes and reads of the OperatorRegistry (shared/src/chain/operator-registry.ts): registering
 * and revoking signer keys, listing them, and moving smart accounts and the account factory onto the registry.
 */
import { getAddress, type Address, type Hex } from 'viem';
import {
  operatorRegistryAbi,
  operatorRegistryBytecode,
  smartAccountAbi,
  smartAccountFactoryAbi,
} from '../../../../shared/contracts/artifacts/index.js';
import type { ChainReader, ChainWriter } from '#shared/chain/chain-clients.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { deployContract, sendContractWrite } from '#shared/chain/contract-writes.js';

/** Deploys the registry owned by the writer (the platform admin) with `signers` registered. */
export function deployOperatorRegistry(writer: ChainWriter, signers: readonly Address[]): Promise<Address> {
  return deployContract(writer, operatorRegistryAbi, operatorRegistryBytecode, [writer.account.address, [...signers]]);
}

export function isRegisteredSigner(reader: ChainReader, registry: Address, signer: Address): Promise<boolean> {
  return withChainErrors(() =>
    reader.publicClient.readContract({
      address: registry,
      abi: operatorRegistryAbi,
      functionName: 'isSigner',
      args: [signer],
    }),
  );
}

/** Registers (`add`) or revokes a signer; the writer must be the registry's owner. Resolves with the tx hash. */
export async function setSignerRegistered(
  writer: ChainWriter,
  input: { registry: Address; signer: Address; registered: boolean },
): Promise<Hex> {
  const receipt = await sendContractWrite(writer, {
    address: input.registry,
    abi: operatorRegistryAbi,
    functionName: input.registered ? 'addSigner' : 'revokeSigner',
    args: [input.signer],
  });
  return receipt.transactionHash;
}

/** Every signer the registry has ever registered, with whether it still is (from its events, oldest first). */
export async function listRegisteredSigners(
  reader: ChainReader,
  registry: Address,
): Promise<Array<{ signer: Address; registered: boolean }>> {
  const [added, revoked] = await withChainErrors(() =>
    Promise.all([
      reader.publicClient.getContractEvents({
        address: registry,
        abi: operatorRegistryAbi,
        eventName: 'SignerAdded',
        fromBlock: 0n,
        strict: true,
      }),
      reader.publicClient.getContractEvents({
        address: registry,
        abi: operatorRegistryAbi,
        eventName: 'SignerRevoked',
        fromBlock: 0n,
        strict: true,
      }),
    ]),
  );
  const signers = [...new Set([...added, ...revoked].map((log) => getAddress(log.args.signer)))];
  const states = await Promise.all(signers.map((signer) => isRegisteredSigner(reader, registry, signer)));
  return signers.map((signer, index) => ({ signer, registered: states[index] ?? false }));
}

/** The current operator of a smart account. */
export function accountOperator(reader: ChainReader, account: Address): Promise<Address> {
  return withChainErrors(() =>
    reader.publicClient.readContract({ address: account, abi: smartAccountAbi, functionName: 'operator' }),
  );
}

/**
 * Points a smart account owned by the writer at the registry (the migration of an account created before it).
 * 'moved', 'already' (its operator is the registry), or 'not_owner' (the user's own wallet owns it: only they can).
 */
export async function moveAccountToRegistry(
  writer: ChainWriter,
  input: { account: Address; registry: Address },
): Promise<'moved' | 'already' | 'not_owner'> {
  const [operator, owner] = await withChainErrors(() =>
    Promise.all([
      accountOperator(writer, input.account),
      writer.publicClient.readContract({ address: input.account, abi: smartAccountAbi, functionName: 'owner' }),
    ]),
  );
  if (getAddress(operator) === getAddress(input.registry)) return 'already';
  if (getAddress(owner) !== getAddress(writer.account.address)) return 'not_owner';
  await sendContractWrite(writer, {
    address: input.account,
    abi: smartAccountAbi,
    functionName: 'setOperator',
    args: [input.registry],
  });
  return 'moved';
}

/**
 * Makes `registry` (deployed now with `signers` when null) the operator the account factory gives new accounts.
 * Idempotent. Existing accounts move one by one (moveAccountToRegistry). Resolves with the registry's address.
 */
export async function installOperatorRegistry(
  writer: ChainWriter,
  input: { accountFactory: Address; registry: Address | null; signers: readonly Address[] },
): Promise<Address> {
  const registry = input.registry ?? (await deployOperatorRegistry(writer, input.signers));
  const current = await withChainErrors(() =>
    writer.publicClient.readContract({
      address: input.accountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'operator',
    }),
  );
  if (getAddress(current) !== getAddress(registry)) {
    await sendContractWrite(writer, {
      address: input.accountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'setOperator',
      args: [registry],
    });
  }
  return registry;
}
