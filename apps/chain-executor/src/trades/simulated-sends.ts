/*
 * The on-chain outcomes of the sandbox failure simulation (issue 19, decision 0023): how the executor sends a test
 * trade placed with `X-Service-Simulate` so that the chain itself produces the named outcome. The send is the
 * trade's real transaction from the executor through the user's smart account; what follows — the decoded revert,
 * the trade's `failed` move with its tx hash, or the receipt timeout left to the reconciler — is the organic path
 * of drive-trade.ts, untouched.
 *
 * The guards of the reverting sends can never be met, whatever the chain's state when the transaction is mined
 * (a price moved in the trade's favour, funds arrived meanwhile): nothing a simulated failure sends can execute.
 * - `slippage`: buy with minTokensOut = 2^256 − 1 (no buy yields that many tokens: supplies are capped at 2^96 WAD),
 *   exact-USDC sell with maxTokensIn = 0 (every such sell needs at least one token wei), so the market reverts
 *   SlippageExceeded → SLIPPAGE_EXCEEDED. A sell the account cannot cover reverts InsufficientBalance first (the
 *   market checks the balance before the guard), as the organic sell would.
 * - `price_limit`: the same send as `slippage`, whose guard the trade owns as its price limit (price-limit.ts):
 *   the revert fails it PRICE_LIMIT_EXCEEDED, as an organic trade whose limit the price moved beyond.
 * - `insufficient_balance`: buy the USDC token's whole supply plus one atomic unit (no account can hold more than
 *   the supply; at most 2^128 − 1 so the market's AmountTooLarge does not answer first) — the market's pull of the
 *   USDC reverts ERC20InsufficientBalance; sell 2^256 − 1 token wei (no balance reaches it) — InsufficientBalance.
 *   Both → INSUFFICIENT_BALANCE. (A supply at 2^128 − 1 or more leaves the buy at 2^128, refused AmountTooLarge:
 *   still a revert that executes nothing.)
 * - `revert`: the trade call with the zero trade id, which the smart account's guard refuses (InvalidTradeId, a
 *   revert the platform has no specific code for) → CHAIN_REVERTED.
 * - `timeout`: the trade call with a deadline the chain has already passed (the latest block's time minus one
 *   second), so the OperatorRegistry refuses it on-chain (DeadlinePassed) → EXECUTION_TIMEOUT, as a trade whose
 *   transaction was held out of blocks past its deadline ends (decision 0031).
 * The reverting sends skip the gas estimate (which would refuse them before anything is mined), so each leaves a
 * mined reverted transaction whose hash the failed trade carries; a reverted call consumes no trade id, moves no
 * USDC and no position.
 */
import { erc20Abi, maxUint128, maxUint256, type Address, type Hex } from 'viem';
import { smartAccountAbi } from '../../../../shared/contracts/artifacts/index.js';
import {
  buyThroughAccount,
  sellForUsdcThroughAccount,
  sellThroughAccount,
  type AccountTradeExecution,
} from '../chain/account-trades.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { type ChainWriter } from '#shared/chain/chain-clients.js';
import { type OperatorRoute } from '../chain/operator-calls.js';
import type { TradeRecord } from '#shared/db/trades/trade-rows.js';
import type { SimulatedOutcome } from '#shared/domain/trade-simulation.js';
import type { TradeTarget } from './trade-target.js';
import { unreachableGuard } from './price-limit.js';

/** Gas of a send that skips the estimate: ample for any account trade, far above what a revert uses. */
export const SIMULATED_SEND_GAS = 1_000_000n;

/** The all-zero trade id: never a trade's, refused by every smart account (InvalidTradeId). */
const ZERO_TRADE_ID = '00000000-0000-0000-0000-000000000000';

const onChainSimulations = ['slippage', 'price_limit', 'insufficient_balance', 'revert', 'timeout'] as const;
export type OnChainSimulation = Extract<SimulatedOutcome, (typeof onChainSimulations)[number]>;

export function isOnChainSimulation(kind: string): kind is OnChainSimulation {
  return onChainSimulations.some((simulation) => simulation === kind);
}

interface SimulatedSend {
  writer: ChainWriter;
  trade: Pick<TradeRecord, 'id' | 'side' | 'outcomeIndex' | 'amountAtomic'>;
  target: TradeTarget & OperatorRoute;
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
      const passed = { ...mined, deadline: (await latestBlockTime(writer)) - 1n };
      return buying
        ? buyThroughAccount(writer, { ...passed, usdcIn: trade.amountAtomic, minTokensOut: 0n })
        : sellForUsdcThroughAccount(writer, { ...passed, usdcOut: trade.amountAtomic, maxTokensIn: 2n ** 255n });
    }
    // The same send: the stored simulation tells the two refusals apart (price-limit.ts).
    case 'slippage':
    case 'price_limit':
      return buying
        ? buyThroughAccount(writer, { ...mined, usdcIn: trade.amountAtomic, minTokensOut: unreachableGuard('buy') })
        : sellForUsdcThroughAccount(writer, {
            ...mined,
            usdcOut: trade.amountAtomic,
            maxTokensIn: unreachableGuard('sell'),
          });
    case 'insufficient_balance': {
      if (!buying) return sellThroughAccount(writer, { ...mined, tokensIn: maxUint256, minUsdcOut: 0n });
      return buyThroughAccount(writer, {
        ...mined,
        usdcIn: await unholdableUsdc(writer, target.account),
        minTokensOut: 0n,
      });
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

/**
 * More USDC than any account can hold: the token's supply plus one, capped one above the market's largest amount
 * (2^128 − 1; beyond it the market refuses AmountTooLarge — also a revert).
 */
export async function unholdableUsdc(writer: ChainWriter, account: Address): Promise<bigint> {
  const usdc = await usdcOf(writer, account);
  const supply = await withChainErrors(() =>
    writer.publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'totalSupply' }),
  );
  return supply + 1n > maxUint128 + 1n ? maxUint128 + 1n : supply + 1n;
}

/** The latest block's timestamp (Unix seconds). */
async function latestBlockTime(writer: ChainWriter): Promise<bigint> {
  const block = await withChainErrors(() => writer.publicClient.getBlock({ blockTag: 'latest' }));
  return block.timestamp;
}

/** The settlement token the smart account trades with. */
function usdcOf(writer: ChainWriter, account: Address): Promise<Address> {
  return withChainErrors(() =>
    writer.publicClient.readContract({ address: account, abi: smartAccountAbi, functionName: 'usdc' }),
  );
}
