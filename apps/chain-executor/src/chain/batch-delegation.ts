/**
 * The executor's own address as a batch sender (EIP-7702): its account delegates to the stateless BatchExecutor, so
 * a transaction it sends to itself runs several smart-account calls with per-call failure isolation, each with the
 * executor as `msg.sender` (every account's operator check and once-only trade id apply unchanged).
 *
 * BatchExecutor lives at one deterministic address per chain: deployed through the standard CREATE2 deployer
 * (present on anvil and on most EVM networks), by whoever needs it first, with a fixed salt. Both steps are
 * idempotent: code already at the address, or a delegation already in place, is left as it is.
 */
import { concatHex, encodeFunctionData, getContractAddress, keccak256, toHex, type Address, type Hex } from 'viem';
import { batchExecutorAbi, batchExecutorBytecode } from '../../../../shared/contracts/artifacts/index.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ChainReader, ChainWriter } from '#shared/chain/chain-clients.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';

/** The deterministic deployment proxy (Arachnid's CREATE2 deployer): `salt ‖ initcode` in, contract out. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const BATCH_EXECUTOR_SALT = keccak256(toHex('foretell.batch-executor.v1'));
/** EIP-7702's delegation designator: an account delegating to `address` has code `0xef0100 ‖ address`. */
const DELEGATION_PREFIX = '0xef0100';

/** Where BatchExecutor is (or will be) on every chain with the CREATE2 deployer. */
export const batchExecutorAddress: Address = getContractAddress({
  opcode: 'CREATE2',
  from: CREATE2_DEPLOYER,
  salt: BATCH_EXECUTOR_SALT,
  bytecode: batchExecutorBytecode,
});

/** Whether `account` currently delegates to BatchExecutor. */
export async function delegatesToBatchExecutor(reader: ChainReader, account: Address): Promise<boolean> {
  const code = await withChainErrors(() => reader.publicClient.getCode({ address: account }));
  return code?.toLowerCase() === `${DELEGATION_PREFIX}${batchExecutorAddress.slice(2).toLowerCase()}`;
}

async function waitForSuccess(writer: ChainWriter, hash: Hex, what: string): Promise<void> {
  const receipt = await writer.publicClient.waitForTransactionReceipt({ hash, timeout: writer.receiptTimeoutMs });
  if (receipt.status !== 'success') {
    throw new AppError('CHAIN_REVERTED', { detail: `${what} failed on-chain`, extensions: { txHash: hash } });
  }
}

async function deployBatchExecutor(writer: ChainWriter): Promise<void> {
  const existing = await writer.publicClient.getCode({ address: batchExecutorAddress });
  if (existing && existing !== '0x') return;
  const deployer = await writer.publicClient.getCode({ address: CREATE2_DEPLOYER });
  if (!deployer || deployer === '0x') {
    throw new AppError('DEPENDENCY_UNAVAILABLE', {
      detail: `The chain has no CREATE2 deployer at ${CREATE2_DEPLOYER}: set TRADE_BATCH_MAX=1 to send trades singly`,
    });
  }
  try {
    const hash = await writer.walletClient.sendTransaction({
      to: CREATE2_DEPLOYER,
      data: concatHex([BATCH_EXECUTOR_SALT, batchExecutorBytecode]),
      chain: writer.chain,
    });
    await waitForSuccess(writer, hash, 'Deploying BatchExecutor');
  } catch (error) {
    // Another signer (a replica starting at the same time) deployed it first: the CREATE2 address has its code.
    const deployed = await writer.publicClient.getCode({ address: batchExecutorAddress, blockTag: 'pending' });
    if (deployed && deployed !== '0x') return;
    throw error;
  }
}

/**
 * Makes the writer's account a batch sender: BatchExecutor deployed, the account delegating to it. The delegation
 * is a type-4 transaction the account sends itself (an empty batch), so its authorization carries the nonce after
 * the transaction's own; both nonces are read from the node, and the writer's cached nonce is reset around it.
 * Call it while the account sends nothing else.
 */
export async function ensureBatchDelegation(writer: ChainWriter): Promise<void> {
  const self = writer.account.address;
  await withChainErrors(async () => {
    if (await delegatesToBatchExecutor(writer, self)) return;
    await deployBatchExecutor(writer);
    writer.resetNonce();
    const nonce = await writer.publicClient.getTransactionCount({ address: self, blockTag: 'pending' });
    const authorization = await writer.walletClient.signAuthorization({
      contractAddress: batchExecutorAddress,
      chainId: writer.chain.id,
      nonce: nonce + 1,
    });
    const hash = await writer.walletClient.sendTransaction({
      to: self,
      data: encodeFunctionData({ abi: batchExecutorAbi, functionName: 'executeBatch', args: [[]] }),
      authorizationList: [authorization],
      nonce,
      chain: writer.chain,
    });
    writer.resetNonce();
    await waitForSuccess(writer, hash, 'Delegating the executor to BatchExecutor');
  });
}
