import type { Knex } from 'knex';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import type { Market } from '#shared/db/markets/market-rows.js';
import { AppError } from '#shared/errors/app-error.js';

/** One market by id; markets are public to every key holding markets:read. */
export async function getMarket(deps: { db: Knex }, command: { marketId: string }): Promise<Market> {
  const market = await findMarketById(deps.db, command.marketId);
  if (!market) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market ${command.marketId}.` });
  return market;
}
