import type { Knex } from 'knex';
import { deployMarket, type DeployedMarket } from '../chain/deploy-platform.js';
import { type PlatformAddresses } from '#shared/chain/platform-deployment.js';
import { readMarketPrices } from '#shared/chain/market-reads.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';
import { findThreadById, type Thread } from '#shared/db/threads/threads.repository.js';
import { findMarketById, insertMarket } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { AppError, toAppError } from '#shared/errors/app-error.js';
import { newUuid } from '#shared/ids/ids.js';

const DEFAULT_TRADING_DAYS = 30;
const DEFAULT_CATEGORY = 'general';

export interface CreateMarketDeps {
  db: Knex;
  /** Opened (the admin key leased) only once the command passed its database checks. */
  chain: () => Promise<ChainWriter>;
  platform: () => Promise<PlatformAddresses>;
  now: () => Date;
  /** Test chains: mint the seed TestUSDC to the platform admin first (live: the admin must hold real USDC). */
  mintInitialReserve: boolean;
}

export interface CreateMarketCommand {
  question: string;
  /** 2..8 distinct labels; index = outcomeIndex. */
  outcomes: string[];
  /** Default: the thread's category, else "general". */
  category?: string;
  description?: string;
  threadId?: string;
  /** Trading closes; default 30 days from now. */
  endTime?: Date;
  /** Seed USDC (atomic, ≥ 1 USDC), held by the platform admin as liquidity provider. */
  initialReserve: bigint;
  featured: boolean;
  actor: string;
  /**
   * Default a new one. The contract is deployed once per id (the factory keeps one market per id), so a create that
   * deployed but did not record, run again with the id it named, records that contract and pays nothing twice.
   */
  marketId?: string;
}

/**
 * `markets create`: deploys and seeds the market contract (equal weights), then records the OPEN market with its
 * contract, chain, outcomes and opening prices, and the audit entry, in one transaction.
 */
export async function createMarket(deps: CreateMarketDeps, command: CreateMarketCommand): Promise<Market> {
  const thread = command.threadId === undefined ? null : await findThreadById(deps.db, command.threadId);
  if (command.threadId !== undefined && !thread) {
    throw new AppError('RESOURCE_NOT_FOUND', { detail: `No thread has the id ${command.threadId}` });
  }
  const now = deps.now();
  const endTime = command.endTime ?? new Date(now.getTime() + DEFAULT_TRADING_DAYS * 86_400_000);
  if (endTime.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', { detail: '--end-time must lie in the future' });
  }
  if (command.initialReserve < 1_000_000n) {
    throw new AppError('VALIDATION_FAILED', { detail: '--initial-reserve must be at least 1 USDC' });
  }

  const marketId = command.marketId ?? newUuid();
  if (await findMarketById(deps.db, marketId)) {
    throw new AppError('MARKET_STATE_CONFLICT', { detail: `Market ${marketId} is already recorded; nothing was done` });
  }
  let deployed: DeployedMarket | undefined;
  try {
    const platform = await deps.platform();
    const chain = await deps.chain();
    deployed = await deployMarket(chain, platform, {
      marketId,
      outcomeCount: command.outcomes.length,
      initialReserve: command.initialReserve,
      endTime,
      mintInitialReserve: deps.mintInitialReserve,
      refuseWhileSendsPending: command.marketId !== undefined,
    });
    return await recordMarket(deps, command, { marketId, endTime, thread, deployed, chain, chainId: platform.chainId });
  } catch (error) {
    throw withRecoveryHint(error, marketId, deployed);
  }
}

/**
 * Any failure once the id is chosen names it, and how to finish with it: a rerun with `--id` records the contract
 * the factory holds for the id, sends nothing while a deploy may still be pending, and deploys and pays only when
 * neither.
 * A rerun without `--id` would choose a new id and deploy and fund a second market.
 */
function withRecoveryHint(error: unknown, marketId: string, deployed: DeployedMarket | undefined): AppError {
  const appError = toAppError(error);
  const hint = deployed
    ? `The market contract ${deployed.address} is deployed for market ${marketId}: run the same command with ` +
      `--id ${marketId} to record it (it deploys and pays nothing again).`
    : `Market ${marketId} is not recorded: run the same command with --id ${marketId} to finish it (it records a ` +
      'contract already deployed for that id instead of deploying and paying again).';
  return new AppError(appError.code, {
    detail: `${appError.detail}${/[.!?]$/.test(appError.detail) ? '' : '.'} ${hint}`,
    extensions: { ...appError.extensions, marketId, ...(deployed ? { contractAddress: deployed.address } : {}) },
    retry: appError.retry,
    cause: error,
  });
}

/** Reads the deployed market's opening prices and records it, OPEN, with its audit entry in one transaction. */
async function recordMarket(
  deps: CreateMarketDeps,
  command: CreateMarketCommand,
  context: {
    marketId: string;
    endTime: Date;
    thread: Thread | null;
    deployed: DeployedMarket;
    chain: ChainWriter;
    chainId: number;
  },
): Promise<Market> {
  const { marketId, endTime, thread, deployed } = context;
  const prices = await readMarketPrices(context.chain, deployed.address);
  return withTransaction(deps.db, async (trx) => {
    const market = await insertMarket(trx, {
      id: marketId,
      threadId: thread?.id ?? null,
      organizationId: thread?.organizationId ?? null,
      partnerId: thread?.partnerId ?? null,
      question: command.question,
      description: command.description ?? '',
      category: command.category ?? thread?.category ?? DEFAULT_CATEGORY,
      status: 'OPEN',
      outcomes: command.outcomes,
      contractAddress: deployed.address,
      chainId: context.chainId,
      endTime,
      featured: command.featured,
      currentProbabilities: prices.q.map(String),
      currentPrices: prices.p.map(String),
    });
    await recordAdminAction(trx, {
      actor: command.actor,
      action: 'markets.create',
      targetType: 'market',
      targetId: market.id,
      details: {
        question: market.question,
        outcomes: market.outcomes,
        contractAddress: deployed.address,
        chainId: context.chainId,
        initialReserveAtomic: command.initialReserve.toString(),
        endTime: endTime.toISOString(),
        txHash: deployed.txHash,
      },
    });
    return market;
  });
}
