/**
 * The executor's calls through the OperatorRegistry (shared/src/chain/operator-registry.ts): each forwarded call
 * carries a deadline, after which the registry refuses it, so a trade whose deadline the chain has passed can never
 * execute. Return and revert data pass through the registry unchanged: callers decode them with the account's ABI.
 */
import { decodeFunctionData, encodeFunctionData, getAddress, isHex, type Address, type Hex } from 'viem';
import { operatorRegistryAbi, smartAccountAbi } from '../../../../shared/contracts/artifacts/index.js';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { uuidToBytes32 } from '#shared/chain/ids-on-chain.js';

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
