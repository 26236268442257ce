/**
 * Trades through a user's SmartAccount, sent by an executor signer through the OperatorRegistry (the account's
 * operator, operator-registry.ts) with the trade's deadline. Each call carries the trade's UUID as its on-chain trade
 * id and a guard (minimum output or maximum input).
 *
 * Idempotency: a trade id executes at most once on-chain. When a redelivered job sends an id that already
 * executed, the contract refuses it (`TradeIdAlreadyUsed`); these helpers then look up that earlier
 * `TradeExecuted` event and return its result with `replayed: true` — a success, not an error. (Only when no such
 * event can be found does TRADE_ALREADY_EXECUTED escape.) A reverted call does not consume the id, so a retry of
 * a failed send is safe.
 */
import { encodeFunctionData, getAddress, parseEventLogs, type Address, type Hex, type TransactionReceipt } from 'viem';
import { operatorRegistryAbi, smartAccountAbi } from '../../../../shared/contracts/artifacts/index.js';
import { AppError, isAppError } from '#shared/errors/app-error.js';
import type { ChainReader, ChainWriter } from '#shared/chain/chain-clients.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { sendContractWrite, type SendOptions } from '#shared/chain/contract-writes.js';
import { bytes32ToUuid, uuidToBytes32 } from '#shared/chain/ids-on-chain.js';
import type { OperatorRoute } from './operator-calls.js';

const actions = ['buy', 'sell', 'sellForExactUsdc', 'redeem'] as const;
export type AccountAction = (typeof actions)[number];

/** One executed account call, from its `TradeExecuted` event. Amounts in USDC atomic-6 / tokens WAD-18. */
export interface AccountTradeExecution {
  tradeId: string;
  txHash: Hex;
  blockNumber: bigint;
  account: Address;
  market: Address;
  outcomeIndex: number;
  action: AccountAction;
  /** buy: USDC paid; sell / sellForExactUsdc / redeem: tokens given. */
  amountIn: bigint;
  /** buy: tokens received; sell / sellForExactUsdc / redeem: USDC received. */
  amountOut: bigint;
  /** True when the id had executed before this call (a redelivered job); the result is that execution's. */
  replayed: boolean;
}

export interface AccountTarget extends OperatorRoute {
  /** The user's smart account. */
  account: Address;
  market: Address;
  outcomeIndex: number;
  /** The trade's (or redemption's) UUID. */
  tradeId: string;
}

type ExecutedLog = ReturnType<typeof parseEventLogs<typeof smartAccountAbi, true, 'TradeExecuted'>>[number];

function toExecution(log: ExecutedLog, replayed: boolean): AccountTradeExecution {
  return {
    tradeId: bytes32ToUuid(log.args.tradeId),
    txHash: log.transactionHash,
    blockNumber: log.blockNumber,
    account: getAddress(log.address),
    market: getAddress(log.args.market),
    outcomeIndex: Number(log.args.outcome),
    action: actions[log.args.action] ?? 'buy',
    amountIn: log.args.amountIn,
    amountOut: log.args.amountOut,
    replayed,
  };
}

/** Every account call a receipt records as executed (`TradeExecuted`), decoded once. */
export function tradeExecutionsOf(receipt: TransactionReceipt): AccountTradeExecution[] {
  return parseEventLogs({ abi: smartAccountAbi, eventName: 'TradeExecuted', logs: receipt.logs }).map((log) =>
    toExecution(log, false),
  );
}

/** The execution of `target` among `executions` (of one receipt); INTERNAL_ERROR when the receipt lacks it. */
export function executionOf(
  executions: readonly AccountTradeExecution[],
  target: AccountTarget,
  txHash: Hex,
): AccountTradeExecution {
  const account = getAddress(target.account);
  const tradeId = target.tradeId.toLowerCase();
  const execution = executions.find((entry) => entry.tradeId === tradeId && entry.account === account);
  if (!execution) throw new AppError('INTERNAL_ERROR', { detail: `no TradeExecuted event in ${txHash}` });
  return execution;
}

function executionFromReceipt(receipt: TransactionReceipt, target: AccountTarget): AccountTradeExecution {
  return executionOf(tradeExecutionsOf(receipt), target, receipt.transactionHash);
}

/** The earlier execution of a trade id on an account, if any (searches from `fromBlock`, default genesis). */
export async function findTradeExecution(
  reader: ChainReader,
  input: { account: Address; tradeId: string; fromBlock?: bigint },
): Promise<AccountTradeExecution | undefined> {
  const logs = await withChainErrors(() =>
    reader.publicClient.getContractEvents({
      address: input.account,
      abi: smartAccountAbi,
      eventName: 'TradeExecuted',
      args: { tradeId: uuidToBytes32(input.tradeId) },
      fromBlock: input.fromBlock ?? 0n,
      strict: true,
    }),
  );
  const log = logs[0];
  return log ? toExecution(log, true) : undefined;
}

/** For a call refused as TRADE_ALREADY_EXECUTED: the earlier execution of its id, when it can be found. */
export async function earlierExecutionOf(
  reader: ChainReader,
  target: AccountTarget,
  error: unknown,
): Promise<AccountTradeExecution | undefined> {
  if (!isAppError(error) || error.code !== 'TRADE_ALREADY_EXECUTED') return undefined;
  return findTradeExecution(reader, target);
}

async function callAccount(
  writer: ChainWriter,
  target: AccountTarget,
  send: () => Promise<TransactionReceipt>,
): Promise<AccountTradeExecution> {
  try {
    return executionFromReceipt(await send(), target);
  } catch (error) {
    const earlier = await earlierExecutionOf(writer, target, error);
    if (earlier) return earlier;
    throw error;
  }
}

const head = (target: AccountTarget) =>
  [uuidToBytes32(target.tradeId), target.market, BigInt(target.outcomeIndex)] as const;

/** The send options among a call's input (only those: the rest is the call's). */
const observerOf = ({ onSent, gasLimit }: SendOptions): SendOptions => ({
  ...(onSent ? { onSent } : {}),
  ...(gasLimit === undefined ? {} : { gasLimit }),
});

/** A forwarded account call through the registry, sent and awaited (sendContractWrite). */
function sendThroughRegistry(
  writer: ChainWriter,
  target: AccountTarget & SendOptions,
  call: Parameters<typeof encodeFunctionData<typeof smartAccountAbi>>[0],
): Promise<TransactionReceipt> {
  const data = encodeFunctionData(call);
  return sendContractWrite(
    writer,
    {
      address: target.registry,
      abi: operatorRegistryAbi,
      functionName: 'forward',
      args: [target.account, target.deadline, data],
    },
    observerOf(target),
  );
}

/** Buys `usdcIn` (atomic) of the outcome; reverts SLIPPAGE_EXCEEDED below `minTokensOut`. */
export function buyThroughAccount(
  writer: ChainWriter,
  input: AccountTarget & SendOptions & { usdcIn: bigint; minTokensOut: bigint },
): Promise<AccountTradeExecution> {
  const args = [...head(input), input.usdcIn, input.minTokensOut] as const;
  return callAccount(writer, input, () =>
    sendThroughRegistry(writer, input, { abi: smartAccountAbi, functionName: 'buy', args }),
  );
}

/** Sells exactly `tokensIn` (WAD); reverts SLIPPAGE_EXCEEDED below `minUsdcOut` net. */
export function sellThroughAccount(
  writer: ChainWriter,
  input: AccountTarget & SendOptions & { tokensIn: bigint; minUsdcOut: bigint },
): Promise<AccountTradeExecution> {
  const args = [...head(input), input.tokensIn, input.minUsdcOut] as const;
  return callAccount(writer, input, () =>
    sendThroughRegistry(writer, input, { abi: smartAccountAbi, functionName: 'sell', args }),
  );
}

/** Sells the fewest tokens paying exactly `usdcOut` (net, atomic); reverts SLIPPAGE_EXCEEDED above `maxTokensIn`. */
export function sellForUsdcThroughAccount(
  writer: ChainWriter,
  input: AccountTarget & SendOptions & { usdcOut: bigint; maxTokensIn: bigint },
): Promise<AccountTradeExecution> {
  const args = [...head(input), input.usdcOut, input.maxTokensIn] as const;
  return callAccount(writer, input, () =>
    sendThroughRegistry(writer, input, { abi: smartAccountAbi, functionName: 'sellForExactUsdc', args }),
  );
}

/** Redeems the account's whole balance of the outcome on a resolved or cancelled market. */
export function redeemThroughAccount(
  writer: ChainWriter,
  input: AccountTarget & SendOptions,
): Promise<AccountTradeExecution> {
  const args = head(input);
  return callAccount(writer, input, () =>
    sendThroughRegistry(writer, input, { abi: smartAccountAbi, functionName: 'redeem', args }),
  );
}
