/*
 * The funds check of a new trade (DESIGN.md §6): a buy needs the smart account's USDC minus what the user's
 * unfinished buys already hold; a sell needs the outcome tokens that pay its net USDC, on top of the user's
 * unfinished sells of the same outcome. The caller sums those unfinished trades under the user's row lock
 * (sumTradeExposure), so concurrent trades never overdraw.
 */
import type { Knex } from 'knex';
import type { Address } from 'viem';
import { loadPlatformAddresses } from '#shared/chain/platform-deployment.js';
import { readOutcomeBalances, readUsdcBalance } from '#shared/chain/balances.js';
import { readSellForExactUsdcQuote } from '#shared/chain/market-reads.js';
import { type ChainReader } from '#shared/chain/chain-clients.js';
import { formatUsdcAmount } from '#shared/domain/trade-amount.js';
import { AppError, isAppError } from '#shared/errors/app-error.js';

export interface FundsCheck {
  /** The platform's USDC on this chain. */
  usdc: Address;
  account: Address | null;
  market: Address;
  marketId: string;
  outcomeIndex: number;
  side: 'buy' | 'sell';
  amountAtomic: bigint;
  /** What the user's unfinished trades of this side already hold (sumTradeExposure's inFlightOfUser). */
  inFlight: bigint;
}

const insufficient = (detail: string, extensions: Record<string, unknown> = {}) =>
  new AppError('INSUFFICIENT_BALANCE', { detail, extensions });

/**
 * The platform's USDC address on the reader's chain, read from MySQL once per pool and chain (it never changes for a
 * deployment); a failed read is not remembered.
 */
const usdcByPool = new WeakMap<Knex, Map<number, Promise<Address>>>();
export function platformUsdc(db: Knex, reader: ChainReader): Promise<Address> {
  const perChain = usdcByPool.get(db) ?? new Map<number, Promise<Address>>();
  usdcByPool.set(db, perChain);
  let usdc = perChain.get(reader.chain.id);
  if (!usdc) {
    usdc = loadPlatformAddresses(db, reader.chain.id).then((platform) => platform.usdc);
    perChain.set(reader.chain.id, usdc);
    usdc.catch(() => perChain.delete(reader.chain.id));
  }
  return usdc;
}

/** Throws 409 INSUFFICIENT_BALANCE when the user's smart account cannot cover the trade. */
export async function assertFundsCover(reader: ChainReader, check: FundsCheck): Promise<void> {
  if (!check.account) throw insufficient('The user has no smart account yet, so it holds no funds.');
  if (check.side === 'buy') {
    const balance = await readUsdcBalance(reader, { usdc: check.usdc, account: check.account });
    const available = balance - check.inFlight;
    if (available < check.amountAtomic) {
      throw insufficient('The smart account holds less USDC than this buy and the unfinished buys need.', {
        available: formatUsdcAmount(available > 0n ? available : 0n),
        required: formatUsdcAmount(check.amountAtomic),
      });
    }
    return;
  }
  const balances = await readOutcomeBalances(reader, { market: check.market, account: check.account });
  const held = balances[check.outcomeIndex] ?? 0n;
  if (held === 0n) throw insufficient('The smart account holds no tokens of this outcome.');
  const usdcOut = check.inFlight + check.amountAtomic;
  const tokensNeeded = await readSellForExactUsdcQuote(reader, {
    market: check.market,
    outcomeIndex: check.outcomeIndex,
    usdcOut,
  }).then(
    (quote) => quote.tokensIn,
    (error: unknown) => {
      if (isAppError(error) && error.code === 'TRADE_AMOUNT_NOT_EXECUTABLE') return null;
      throw error;
    },
  );
  if (tokensNeeded === null || tokensNeeded > held) {
    throw insufficient('The position is too small to pay this amount (with the unfinished sells of this outcome).', {
      tokensHeld: held.toString(),
      ...(tokensNeeded === null ? {} : { tokensNeeded: tokensNeeded.toString() }),
    });
  }
}
