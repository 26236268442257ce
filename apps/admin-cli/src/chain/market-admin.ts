/**
 * Platform-admin actions (the writer must be the market owner, i.e. the MarketFactory owner that created it):
 * freeze, unfreeze, resolve, cancel; and minting test USDC for `users fund` on test networks.
 * Reverts map to MARKET_STATE_CONFLICT (e.g. freezing a resolved market), VALIDATION_FAILED (bad winners) or
 * CHAIN_REVERTED (e.g. a writer that is not the owner).
 */
import type { Address, Hex } from 'viem';
import { marketAbi, testUsdcAbi } from '../../../../shared/contracts/artifacts/index.js';
import { AppError } from '#shared/errors/app-error.js';
import type { ChainWriter } from '#shared/chain/chain-clients.js';
import { sendContractWrite } from '#shared/chain/contract-writes.js';

export interface AdminTransaction {
  txHash: Hex;
  blockNumber: bigint;
}

const done = (receipt: { transactionHash: Hex; blockNumber: bigint }): AdminTransaction => ({
  txHash: receipt.transactionHash,
  blockNumber: receipt.blockNumber,
});

/** OPEN → FROZEN: trading stops, quotes keep working. */
export async function freezeMarket(writer: ChainWriter, market: Address): Promise<AdminTransaction> {
  return done(await sendContractWrite(writer, { address: market, abi: marketAbi, functionName: 'freeze' }));
}

/** FROZEN → OPEN. */
export async function unfreezeMarket(writer: ChainWriter, market: Address): Promise<AdminTransaction> {
  return done(await sendContractWrite(writer, { address: market, abi: marketAbi, functionName: 'unfreeze' }));
}

/** Resolves with one or more winning outcomes (any order, no duplicates; sent strictly increasing). */
export async function resolveMarket(
  writer: ChainWriter,
  input: { market: Address; winners: readonly number[] },
): Promise<AdminTransaction> {
  const winners = [...new Set(input.winners)].sort((a, b) => a - b);
  if (
    winners.length === 0 ||
    winners.length !== input.winners.length ||
    winners.some((w) => !Number.isInteger(w) || w < 0)
  ) {
    throw new AppError('VALIDATION_FAILED', { detail: 'winners must be distinct non-negative outcome indexes' });
  }
  const args = [winners.map(BigInt)] as const;
  return done(
    await sendContractWrite(writer, { address: input.market, abi: marketAbi, functionName: 'resolve', args }),
  );
}

/** Cancels the market; holders are refunded at the snapshot prices taken now. */
export async function cancelMarket(writer: ChainWriter, market: Address): Promise<AdminTransaction> {
  return done(await sendContractWrite(writer, { address: market, abi: marketAbi, functionName: 'cancel' }));
}

/** Mints TestUSDC (atomic) to `to`; the writer must own TestUSDC. Test networks only. */
export async function mintTestUsdc(
  writer: ChainWriter,
  input: { usdc: Address; to: Address; amount: bigint },
): Promise<AdminTransaction> {
  if (input.amount <= 0n) throw new AppError('VALIDATION_FAILED', { detail: 'amount must be positive' });
  const args = [input.to, input.amount] as const;
  return done(await sendContractWrite(writer, { address: input.usdc, abi: testUsdcAbi, functionName: 'mint', args }));
}
