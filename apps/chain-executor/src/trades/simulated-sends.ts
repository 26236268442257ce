/*
 * The on-chain outcomes of the sandbox failure simulation (issue 19, decision 0023): how the executor sends a test
 * trade placed with `X-Service-Simulate` so that the chain itself produces the named outcome. The send is the
 * trade's real transaction from the executor through the user's smart account; what follows — the decoded revert,
 * the trade's `failed` move with its tx hash, or the receipt timeout left to the reconciler — is the organic path
 * of drive-trade.ts, untouched.
 *
 * - `slippage`: the guard one unit beyond a fresh quote (buy: minTokensOut = quote + 1; exact-USDC sell:
 *   maxTokensIn = quote − 1), so the market reverts SlippageExceeded → SLIPPAGE_EXCEEDED.
 * - `insufficient_balance`: buy one atomic USDC more than the account holds (the market's pull of the USDC reverts
 *   ERC20InsufficientBalance), sell one token-wei more than it holds (InsufficientBalance) → INSUFFICIENT_BALANCE.
 * - `revert`: the trade call with the zero trade id, which the smart account's guard refuses (InvalidTradeId, a
 *   revert the platform has no specific code for) → CHAIN_REVERTED.
 * - `timeout`: the normal guarded send with no receipt wait (WaitForTransactionReceiptTimeoutError) → the trade
 *   stays `executing` with its tx hash until the reconciler settles it from the chain.
 * The reverting sends skip the gas estimate (which would refuse them before anything is mined), so each leaves a
 * mined reverted transaction whose hash the failed trade carries; a reverted call consumes no trade id, moves no
 * USDC and no position.
 */
import type { Address, Hex } from 'viem';
import { smartAccountAbi } from '../../../../shared/contracts/artifacts/index.js';
import {
  buyThroughAccount,
  executeBuy,
  executeSellForUsdc,
  readBuyQuote,
  readOutcomeBalances,
  readSellForExactUsdcQuote,
  readUsdcBalance,
  sellForUsdcThroughAccount,
  sellThroughAccount,
  withChainErrors,
  type AccountTradeExecution,
  type ChainWriter,
} from '#shared/chain/index.js';
import type { TradeRecord } from '#shared/db/index.js';
import type { SimulatedOutcome } from '#shared/domain/index.js';
import type { TradeTarget } from './trade-target.js';

/** Gas of a send that skips the estimate: ample for any account trade, far above what a revert uses. */
export const SIMULATED_SEND_GAS = 1_000_000n;

/** The all-zero trade id: never a trade's, refused by every smart account (InvalidTradeId). */
const ZERO_TRADE_ID = '00000000-0000-0000-0000-000000000000';

export type OnChainSimulation = Extract<SimulatedOutcome, 'slippage' | 'insufficient_balance' | 'revert' | 'timeout'>;

export function isOnChainSimulation(kind: string): kind is OnChainSimulation {
  return kind === 'slippage' || kind === 'insufficient_balance' || kind === 'revert' || kind === 'timeout';
}

interface SimulatedSend {
  writer: ChainWriter;
  trade: Pick<TradeRecord, 'id' | 'side' | 'outcomeIndex' | 'amountAtomic'>;
  target: TradeTarget;
  slippageBps: number;
  onSent: (hash: Hex) => Promise<void>;
}

/** Sends the trade so that the chain produces `simulation` (see the file comment). */
export async function sendSimulated(
  send: SimulatedSend,
  simulation: OnChainSimulation,
): Promise<AccountTradeExecution> {
  const { writer, trade, target, onSent } = send;
  const call = { ...target, outcomeIndex: trade.outcomeIndex, tradeId: trade.id, onSent };
  const mined = { ...call, gasLimit: SIMULATED_SEND_GAS };
  const buying = trade.side === 'buy';
  switch (simulation) {
    case 'timeout': {
      const guarded = { ...call, slippageBps: send.slippageBps, receiptTimeoutMs: 0 as const };
      return buying
        ? executeBuy(writer, { ...guarded, usdcIn: trade.amountAtomic })
        : executeSellForUsdc(writer, { ...guarded, usdcOut: trade.amountAtomic });
    }
    case 'slippage': {
      if (buying) {
        const quote = await readBuyQuote(writer, { ...call, usdcIn: trade.amountAtomic });
        return buyThroughAccount(writer, { ...mined, usdcIn: trade.amountAtomic, minTokensOut: quote.tokensOut + 1n });
      }
      const { tokensIn } = await readSellForExactUsdcQuote(writer, { ...call, usdcOut: trade.amountAtomic });
      return sellForUsdcThroughAccount(writer, { ...mined, usdcOut: trade.amountAtomic, maxTokensIn: tokensIn - 1n });
    }
    case 'insufficient_balance': {
      if (buying) {
        const held = await readUsdcBalance(writer, {
          usdc: await usdcOf(writer, target.account),
          account: target.account,
        });
        return buyThroughAccount(writer, { ...mined, usdcIn: held + 1n, minTokensOut: 0n });
      }
      const balances = await readOutcomeBalances(writer, target);
      const held = balances[trade.outcomeIndex] ?? 0n;
      return sellThroughAccount(writer, { ...mined, tokensIn: held + 1n, minUsdcOut: 0n });
    }
    case 'revert':
      return buying
        ? buyThroughAccount(writer, { ...mined, tradeId: ZERO_TRADE_ID, usdcIn: trade.amountAtomic, minTokensOut: 0n })
        : sellForUsdcThroughAccount(writer, {
            ...mined,
            tradeId: ZERO_TRADE_ID,
            usdcOut: trade.amountAtomic,
            maxTokensIn: 2n ** 255n,
          });
  }
}

/** The settlement token the smart account trades with. */
function usdcOf(writer: ChainWriter, account: Address): Promise<Address> {
  return withChainErrors(() =>
    writer.publicClient.readContract({ address: account, abi: smartAccountAbi, functionName: 'usdc' }),
  );
}
