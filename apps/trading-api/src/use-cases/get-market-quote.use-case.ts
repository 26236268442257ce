import type { Knex } from 'knex';
import { readQuote, type QuoteResponse } from '#shared/chain/market-reads.js';
import { type ChainReader } from '#shared/chain/chain-clients.js';
import { findMarketById } from '#shared/db/markets/markets.repository.js';
import {
  isRequestCausedQuoteFailure,
  QUOTE_AMOUNT_LIMIT,
  quoteContractRefusal,
  quoteOutcomeRefusal,
} from '#shared/domain/quote-rules.js';
import { AppError } from '#shared/errors/app-error.js';
import { requireChain, type ChainSource } from './chain-source.js';

export interface QuoteCommand {
  marketId: string;
  outcomeIndex: number;
  action: 'buy' | 'sell';
  /** Buy: USDC atomic-6; sell: tokens WAD-18. */
  amount: bigint;
}

const invalid = (field: string, detail: string, cause?: unknown) =>
  new AppError('VALIDATION_FAILED', {
    detail,
    extensions: { field, location: 'query', errors: [{ field, message: detail }] },
    cause,
  });

/** The on-chain quote of a market (`{ quote, market, units }`), read from the market contract's views. */
export async function getMarketQuote(
  deps: { db: Knex; chain?: ChainSource },
  command: QuoteCommand,
): Promise<QuoteResponse> {
  if (command.amount >= QUOTE_AMOUNT_LIMIT) throw invalid('amount', 'query member amount must be below 2^256.');
  const market = await findMarketById(deps.db, command.marketId);
  if (!market) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No market ${command.marketId}.` });
  const outcomeRefusal = quoteOutcomeRefusal(market, command.outcomeIndex);
  if (outcomeRefusal?.reason === 'outcome_out_of_range') {
    throw invalid(
      'outcomeIndex',
      `query member outcomeIndex must be an integer from 0 to ${outcomeRefusal.highestOutcomeIndex}.`,
    );
  }
  if (quoteContractRefusal(market)) {
    throw new AppError('MARKET_NOT_TRADEABLE', { detail: `Market ${market.id} has no contract to quote yet.` });
  }
  const reader: ChainReader = await requireChain(deps.chain);
  if (!market.contractAddress || quoteContractRefusal(market, reader.chain.id)) {
    throw new AppError('MARKET_NOT_TRADEABLE', { detail: `Market ${market.id} is not deployed on this chain.` });
  }
  try {
    return await readQuote(reader, {
      marketId: market.id,
      contractAddress: market.contractAddress,
      labels: market.outcomes,
      outcomeIndex: command.outcomeIndex,
      action: command.action,
      amount: command.amount,
    });
  } catch (error) {
    // A revert the request caused (more tokens than exist, an amount the pool refuses) is the client's: 400.
    if (isRequestCausedQuoteFailure(error)) throw invalid('amount', error.detail, error);
    throw error;
  }
}
