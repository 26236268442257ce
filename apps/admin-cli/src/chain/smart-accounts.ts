/**
 * Users' smart accounts (SmartAccountFactory): a deterministic CREATE2 address per user UUID, known before
 * deployment, and creation by the platform (the factory owner). Creation is idempotent: an existing account is
 * returned, including when a concurrent creation wins the race.
 */
import type { Address, Hex } from 'viem';
import { smartAccountFactoryAbi } from '../../../../shared/contracts/artifacts/index.js';
import { AppError, isAppError } from '#shared/errors/app-error.js';
import type { ChainReader, ChainWriter } from '#shared/chain/chain-clients.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { sendContractWrite } from '#shared/chain/contract-writes.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The account address of a user, deployed or not (USDC sent there early is kept). */
export function predictSmartAccountAddress(
  reader: ChainReader,
  input: { accountFactory: Address; userId: string },
): Promise<Address> {
  return withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.accountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'predictAddress',
      args: [uuidToBytes32(input.userId)],
    }),
  );
}

/** The deployed account of a user, or undefined. */
export async function findSmartAccount(
  reader: ChainReader,
  input: { accountFactory: Address; userId: string },
): Promise<Address | undefined> {
  const account = await withChainErrors(() =>
    reader.publicClient.readContract({
      address: input.accountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'accountOf',
      args: [uuidToBytes32(input.userId)],
    }),
  );
  return account === ZERO_ADDRESS ? undefined : account;
}

export interface CreatedSmartAccount {
  address: Address;
  /** Null when the account already existed. */
  txHash: Hex | null;
  created: boolean;
}

/**
 * Deploys a user's account as the platform (the factory owner). `owner` is the user's own key when they have one;
 * without it the platform's address owns the account (custodial), and the factory's operator is the executor.
 */
export async function createSmartAccount(
  writer: ChainWriter,
  input: { accountFactory: Address; userId: string; owner?: Address },
): Promise<CreatedSmartAccount> {
  const existing = await findSmartAccount(writer, input);
  if (existing) return { address: existing, txHash: null, created: false };
  const userId = uuidToBytes32(input.userId);
  try {
    const receipt = await sendContractWrite(writer, {
      address: input.accountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [userId, input.owner ?? writer.account.address],
    });
    const address = await findSmartAccount(writer, input);
    if (!address) {
      throw new AppError('INTERNAL_ERROR', {
        detail: `the account factory names no account for ${input.userId} after creating it (${receipt.transactionHash})`,
      });
    }
    return { address, txHash: receipt.transactionHash, created: true };
  } catch (error) {
    const raced = isAppError(error) ? await findSmartAccount(writer, input) : undefined;
    if (raced) return { address: raced, txHash: null, created: false };
    throw error;
  }
}
