/**
 * Market events for the indexer: raw logs → typed records (trades, redemptions, lifecycle), in chain order.
 * Units stay on-chain units as bigints: USDC atomic-6, tokens, reserve and prices WAD-18.
 */
import { getAddress, parseEventLogs, type Address, type Hex, type Log } from 'viem';
import { marketAbi } from '../../../../shared/contracts/artifacts/index.js';
import type { ChainReader } from '#shared/chain/chain-clients.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { marketStateFromIndex, type MarketState } from '#shared/chain/market-state.js';

/** Where a record comes from; (txHash, logIndex) is unique. */
export interface MarketLogPosition {
  market: Address;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
  /** Unix seconds when the node includes it in logs (else fill with {@link withBlockTimestamps}). */
  blockTimestamp: number | undefined;
}

export interface TradeEventFields {
  /** The trader: a user's smart account. */
  account: Address;
  outcomeIndex: number;
  /** USDC atomic: paid in (fee included) on a buy, received (net) on a sell. */
  usdcAmount: bigint;
  /** Tokens (WAD) bought or sold. */
  tokens: bigint;
  reserveAfter: bigint;
  /** Price (WAD) of the traded outcome after the trade, floor(a_i·s_i / Σ a_j·s_j). */
  priceAfter: bigint;
}

export type MarketEventBody =
  | ({ type: 'Bought'; side: 'buy'; fee: bigint } & TradeEventFields)
  | ({ type: 'Sold'; side: 'sell'; ammFee: bigint; protocolFee: bigint } & TradeEventFields)
  | { type: 'Redeemed'; account: Address; outcomeIndex: number; tokens: bigint; usdcAmount: bigint }
  | { type: 'StateChanged'; previous: MarketState; current: MarketState }
  | { type: 'MarketResolved'; winners: number[]; finalReserve: bigint; winningSupply: bigint }
  | { type: 'MarketCancelled'; by: Address; finalReserve: bigint; refundPrices: bigint[] }
  | {
      type: 'MarketInitialized';
      marketId: Hex;
      liquidityProvider: Address;
      initialReserve: bigint;
      seedSupply: bigint;
      resolveTime: bigint;
    };

export type MarketEvent = MarketLogPosition & MarketEventBody;
export type MarketEventType = MarketEvent['type'];

type ParsedLog = ReturnType<typeof parseEventLogs<typeof marketAbi>>[number];

function bodyOf(log: ParsedLog): MarketEventBody | undefined {
  switch (log.eventName) {
    case 'Bought': {
      const a = log.args;
      const trade = { account: getAddress(a.account), outcomeIndex: Number(a.outcome), tokens: a.tokensOut };
      return { type: 'Bought', side: 'buy', ...trade, usdcAmount: a.usdcIn, fee: a.fee, ...after(a) };
    }
    case 'Sold': {
      const a = log.args;
      const trade = { account: getAddress(a.account), outcomeIndex: Number(a.outcome), tokens: a.tokensIn };
      const fees = { ammFee: a.ammFee, protocolFee: a.protocolFee };
      return { type: 'Sold', side: 'sell', ...trade, usdcAmount: a.usdcOut, ...fees, ...after(a) };
    }
    case 'Redeemed': {
      const a = log.args;
      const position = { account: getAddress(a.account), outcomeIndex: Number(a.outcome) };
      return { type: 'Redeemed', ...position, tokens: a.tokensIn, usdcAmount: a.usdcOut };
    }
    case 'StateChanged':
      return {
        type: 'StateChanged',
        previous: marketStateFromIndex(log.args.previous),
        current: marketStateFromIndex(log.args.current),
      };
    case 'MarketResolved': {
      const { winners, finalReserve, winningSupply } = log.args;
      return { type: 'MarketResolved', winners: winners.map(Number), finalReserve, winningSupply };
    }
    case 'MarketCancelled': {
      const { by, finalReserve, refundPrices } = log.args;
      return { type: 'MarketCancelled', by: getAddress(by), finalReserve, refundPrices: [...refundPrices] };
    }
    case 'MarketInitialized': {
      const a = log.args;
      return {
        type: 'MarketInitialized',
        marketId: a.marketId,
        liquidityProvider: getAddress(a.liquidityProvider),
        initialReserve: a.initialReserve,
        seedSupply: a.seedSupply,
        resolveTime: BigInt(a.resolveTime),
      };
    }
    default:
      return undefined; // TreasuryUpdated, OwnershipTransferred, Initialized: not indexed
  }
}

const after = (args: { reserveAfter: bigint; priceAfter: bigint }) => ({
  reserveAfter: args.reserveAfter,
  priceAfter: args.priceAfter,
});

/**
 * Decodes market logs (from `getLogs` or a receipt) into typed records, in (block, logIndex) order. Logs of other
 * contracts or events, removed (re-orged) logs and pending logs are skipped.
 */
export function decodeMarketLogs(logs: readonly Log[]): MarketEvent[] {
  const parsed = parseEventLogs({ abi: marketAbi, logs: [...logs], strict: true });
  const events: MarketEvent[] = [];
  for (const log of parsed) {
    if (log.removed || log.blockNumber === null || log.blockHash === null) continue;
    if (log.transactionHash === null || log.logIndex === null) continue;
    const body = bodyOf(log);
    if (!body) continue;
    const timestamp = log.blockTimestamp;
    events.push({
      market: getAddress(log.address),
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      blockTimestamp: timestamp === undefined || timestamp === null ? undefined : Number(timestamp),
      ...body,
    });
  }
  return events.sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}

export interface FetchMarketLogsRange {
  addresses: readonly Address[];
  fromBlock: bigint;
  toBlock: bigint;
  /** Largest block span per `eth_getLogs` request (providers cap it); default 5,000. */
  maxBlockRange?: bigint;
}

/** Fetches and decodes the logs of the given markets over an inclusive block range, chunked by `maxBlockRange`. */
export async function fetchMarketLogs(reader: ChainReader, range: FetchMarketLogsRange): Promise<MarketEvent[]> {
  if (range.addresses.length === 0 || range.toBlock < range.fromBlock) return [];
  const span = range.maxBlockRange ?? 5_000n;
  const events: MarketEvent[] = [];
  for (let from = range.fromBlock; from <= range.toBlock; from += span) {
    const to = from + span - 1n < range.toBlock ? from + span - 1n : range.toBlock;
    const logs = await withChainErrors(() =>
      reader.publicClient.getLogs({ address: [...range.addresses], fromBlock: from, toBlock: to }),
    );
    events.push(...decodeMarketLogs(logs));
  }
  return events;
}

/** Fills `blockTimestamp` where the node left it out, one `eth_getBlockByNumber` per distinct block. */
export async function withBlockTimestamps(reader: ChainReader, events: MarketEvent[]): Promise<MarketEvent[]> {
  const missing = [...new Set(events.filter((e) => e.blockTimestamp === undefined).map((e) => e.blockNumber))];
  const times = new Map<bigint, number>();
  await Promise.all(
    missing.map(async (blockNumber) => {
      const block = await withChainErrors(() => reader.publicClient.getBlock({ blockNumber }));
      times.set(blockNumber, Number(block.timestamp));
    }),
  );
  return events.map((e) => (e.blockTimestamp === undefined ? { ...e, blockTimestamp: times.get(e.blockNumber) } : e));
}
