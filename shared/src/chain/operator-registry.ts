/**
 * The OperatorRegistry (shared/contracts/src/OperatorRegistry.sol): the operator of every smart account. The
 * executor's signer keys act through it, each call carrying a deadline, so that
 * - a pool of keys can share the accounts (each key is one nonce sequence, leased to one replica: signer-lease.ts);
 * - revoking a compromised key stops it on every account in one transaction of the platform admin;
 * - a call mined after its deadline is refused, so a trade whose deadline the chain has passed can never execute.
 * Return and revert data pass through the registry unchanged: callers decode them with the smart account's ABI.
 */
import { decodeFunctionData, encodeFunctionData, getAddress, isHex, type Address, type Hex } from 'viem';
import {
  operatorRegistryAbi,
  operatorRegistryBytecode,
  smartAccountAbi,
  smartAccountFactoryAbi,
} from '../../contracts/artifacts/index.js';
import { AppError } from '../errors/app-error.js';
import type { ChainReader, ChainWriter } from './chain-clients.js';
import { withChainErrors } from './chain-errors.js';
import { deployContract, sendContractWrite } from './contract-writes.js';
import { uuidToBytes32 } from './ids-on-chain.js';

/** Where an operator call goes and until when it may execute. */
export interface OperatorRoute {
  /** The OperatorRegistry of the platform. */
  registry: Address;
  /** Unix seconds: a block later than this refuses the call. */
  deadline: bigint;
}

/** The registry's `forward(account, deadline, data)`: what a signer sends (or puts in a batch) to call `account`. */
export function forwardCallData(route: OperatorRoute, account: Address, accountCallData: Hex): Hex {
  return encodeFunctionData({
    abi: operatorRegistryAbi,
    functionName: 'forward',
    args: [account, route.deadline, accountCallData],
  });
}

/** The account a forwarded call targets, its deadline and the account call itself; undefined for other calldata. */
export function forwardedCallOf(data: Hex): { account: Address; deadline: bigint; data: Hex } | undefined {
  try {
    const call = decodeFunctionData({ abi: operatorRegistryAbi, data });
    if (call.functionName !== 'forward') return undefined;
    const [account, deadline, inner] = call.args;
    return { account: getAddress(account), deadline, data: inner };
  } catch {
    return undefined;
  }
}

/** A trade id of a forwarded smart-account call (its first argument), for matching calls to trades. */
export function accountCallTradeId(accountCallData: Hex): Hex | undefined {
  try {
    const first = decodeFunctionData({ abi: smartAccountAbi, data: accountCallData }).args?.[0];
    return isHex(first) ? first : undefined;
  } catch {
    return undefined;
  }
}

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

/**
 * Whether a trade whose deadline is `deadline` (Unix seconds) can never execute: the chain's latest block is later
 * than the deadline (every later block is too, and the registry refuses the call in them) and the trade id is unused
 * in that block. False when the chain has not passed the deadline yet, or the id executed.
 */
export async function deadlinePassedUnexecuted(
  reader: ChainReader,
  input: { account: Address; tradeId: string; deadline: bigint },
): Promise<boolean> {
  return withChainErrors(async () => {
    const block = await reader.publicClient.getBlock({ blockTag: 'latest' });
    if (block.timestamp <= input.deadline) return false;
    const used = await reader.publicClient.readContract({
      address: input.account,
      abi: smartAccountAbi,
      functionName: 'tradeIdUsed',
      args: [uuidToBytes32(input.tradeId)],
      blockNumber: block.number,
    });
    return !used;
  });
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

/** The registry of a platform, or DEPENDENCY_UNAVAILABLE naming the fix when it predates the registry. */
export function requireOperatorRegistry(registry: Address | null, chainId: number): Address {
  if (registry) return registry;
  throw new AppError('DEPENDENCY_UNAVAILABLE', {
    detail: `The platform on chain ${chainId} has no OperatorRegistry: run \`npm run -s admin -- signers setup\``,
  });
}
