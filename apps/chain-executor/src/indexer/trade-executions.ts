/*
 * Links market trades to the platform's trades: a trade our executor placed runs through the user's SmartAccount,
 * which emits `TradeExecuted(tradeId, market, …)` right after the market's Bought/Sold log in the same transaction.
 */
import { getAbiItem, getAddress, type Address, type Hex } from 'viem';
import { smartAccountAbi } from '../../../../shared/contracts/artifacts/index.js';
import { bytes32ToUuid } from '#shared/chain/ids-on-chain.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { type ChainReader } from '#shared/chain/chain-clients.js';
import { logKey, type TradeEvent } from './market-trade-rows.js';

/** One `TradeExecuted` log: emitted by `account` (the SmartAccount) for `market`. */
export interface TradeExecution {
  txHash: Hex;
  logIndex: number;
  account: Address;
  market: Address;
  /** The bytes32 trade id as emitted (a left-padded UUID for our trades). */
  tradeId: Hex;
}

const tradeExecutedEvent = getAbiItem({ abi: smartAccountAbi, name: 'TradeExecuted' });

/** The `TradeExecuted` logs naming one of `markets` in an inclusive block range (any emitting account). */
export async function fetchTradeExecutions(
  reader: ChainReader,
  range: { markets: readonly Address[]; fromBlock: bigint; toBlock: bigint },
): Promise<TradeExecution[]> {
  if (range.markets.length === 0) return [];
  const logs = await withChainErrors(() =>
    reader.publicClient.getLogs({
      event: tradeExecutedEvent,
      args: { market: [...range.markets] },
      fromBlock: range.fromBlock,
      toBlock: range.toBlock,
      strict: true,
    }),
  );
  return logs.flatMap((log) =>
    log.removed || log.transactionHash === null || log.logIndex === null
      ? []
      : [
          {
            txHash: log.transactionHash,
            logIndex: log.logIndex,
            account: getAddress(log.address),
            market: getAddress(log.args.market),
            tradeId: log.args.tradeId,
          },
        ],
  );
}

/**
 * Pairs each trade log with the `TradeExecuted` that follows it in the same transaction, from the same account
 * and for the same market (the first such log after it, each used once). Returns trade UUIDs by {@link logKey};
 * executions whose id is not a left-padded UUID (someone else's contract) are ignored.
 */
export function matchTradeExecutions(
  trades: readonly TradeEvent[],
  executions: readonly TradeExecution[],
): Map<string, string> {
  const byTx = new Map<string, TradeExecution[]>();
  for (const execution of executions) {
    const key = execution.txHash.toLowerCase();
    byTx.set(key, [...(byTx.get(key) ?? []), execution]);
  }
  const used = new Set<TradeExecution>();
  const matched = new Map<string, string>();
  for (const trade of [...trades].sort((a, b) => a.logIndex - b.logIndex)) {
    const candidates = (byTx.get(trade.txHash.toLowerCase()) ?? [])
      .filter(
        (execution) =>
          !used.has(execution) &&
          execution.logIndex > trade.logIndex &&
          execution.account.toLowerCase() === trade.account.toLowerCase() &&
          execution.market.toLowerCase() === trade.market.toLowerCase(),
      )
      .sort((a, b) => a.logIndex - b.logIndex);
    const execution = candidates[0];
    if (!execution) continue;
    used.add(execution);
    const uuid = uuidOf(execution.tradeId);
    if (uuid) matched.set(logKey(trade), uuid);
  }
  return matched;
}

function uuidOf(tradeId: Hex): string | undefined {
  try {
    return bytes32ToUuid(tradeId);
  } catch {
    return undefined;
  }
}
