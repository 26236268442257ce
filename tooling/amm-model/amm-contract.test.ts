/**
 * Property tests of the deployed Market against the bigint reference model on a real anvil: random markets and
 * trade scripts, every quote compared exactly, invariants checked after each step, then settlement and every
 * redemption. Each case starts from the same snapshot, so the market address (from a fixed id) is stable.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Address, Hex } from 'viem';
import { marketAbi, marketFactoryAbi, testUsdcAbi } from '../../shared/contracts/artifacts/index.js';
import {
  createTestMarket,
  deployForetell,
  mintUsdc,
  send,
  startTestChain,
  type ForetellDeployment,
  type TestChain,
} from '../testing/test-chain.js';
import { scenarioArb, type TradeStep } from './amm-arbitraries.js';
import { USDC_TO_WAD, WAD } from './fixed-point.js';
import {
  cancelledRefund,
  minBig,
  minTokensIn,
  quoteBuy,
  quoteSell,
  resolvedPayout,
  sellableSupply,
  sellNet,
  type AmmState,
} from './pythagorean-amm.js';

const MARKET_ID = `0x${'ab'.repeat(32)}` as Hex;
const TRADER_FUNDS = 10n ** 15n;
const NUM_RUNS = 200;
/**
 * Bounds that turn a stuck run into a reported failure with its seed (instead of the test's own timeout hiding it):
 * one scenario takes about 0.1 s on an idle machine, so 30 s means a hung chain call. A machine so loaded that the
 * runs do not finish in RUN_BUDGET_MS stops generating new scenarios there (a counterexample found before that is
 * still shrunk and reported); the model's own property tests cover the arithmetic with many more cases.
 */
const SCENARIO_TIMEOUT_MS = 30_000;
const RUN_BUDGET_MS = 200_000;

let chain: TestChain;
let deployment: ForetellDeployment;
let base: Hex;
let market: Address;

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);
const withoutNext = <T extends { next: AmmState }>({ next: _next, ...rest }: T) => rest;

beforeAll(async () => {
  chain = await startTestChain();
  deployment = await deployForetell(chain);
  market = await chain.publicClient.readContract({
    address: deployment.marketFactory,
    abi: marketFactoryAbi,
    functionName: 'predictMarketAddress',
    args: [MARKET_ID],
  });
  for (const index of [3, 4, 5]) {
    await mintUsdc(chain, deployment, chain.accounts[index]!, TRADER_FUNDS);
    const args = [market, TRADER_FUNDS] as const;
    await send(chain, chain.wallets[index]!, {
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: 'approve',
      args,
    });
  }
  base = await chain.snapshot();
});

afterAll(async () => {
  await chain?.stop();
});

const read = {
  quoteBuy: (outcome: number, usdcIn: bigint) =>
    chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteBuy',
      args: [BigInt(outcome), usdcIn],
    }),
  quoteSell: (outcome: number, tokens: bigint) =>
    chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [BigInt(outcome), tokens],
    }),
  reserve: () => chain.publicClient.readContract({ address: market, abi: marketAbi, functionName: 'reserve' }),
  supplies: () => chain.publicClient.readContract({ address: market, abi: marketAbi, functionName: 'supplies' }),
  usdcHeld: () =>
    chain.publicClient.readContract({
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [market],
    }),
};

function trade(walletIndex: number, functionName: 'buy' | 'sell' | 'sellForExactUsdc', args: readonly bigint[]) {
  return send(chain, chain.wallets[walletIndex]!, { address: market, abi: marketAbi, functionName, args });
}

/** Runs one step on chain and on the model; returns the model's next state. */
async function playStep(state: AmmState, step: TradeStep, holder: bigint[]): Promise<AmmState> {
  const wallet = step.trader + 3;
  const outcome = BigInt(step.outcome);
  if (step.kind === 'buy' || step.kind === 'roundTrip') {
    const model = quoteBuy(state, step.outcome, step.usdcIn);
    expect(await read.quoteBuy(step.outcome, step.usdcIn)).toEqual(withoutNext(model));
    expect(sum(model.pAfter)).toBe(WAD);
    expect(sum(model.qAfter)).toBe(WAD);
    if (model.tokensOut === 0n) return state;
    await trade(wallet, 'buy', [outcome, step.usdcIn, model.tokensOut]);
    holder[step.outcome] = holder[step.outcome]! + model.tokensOut;
    if (step.kind === 'buy') return model.next;
    const back = quoteSell(model.next, step.outcome, model.tokensOut);
    if (back.usdcOut === 0n || sellNet(model.next, step.outcome, model.tokensOut) === 0n) return model.next;
    expect(back.usdcOut).toBeLessThanOrEqual(step.usdcIn);
    expect(back.c).toBeLessThan(model.c);
    await trade(wallet, 'sell', [outcome, model.tokensOut, back.usdcOut]);
    holder[step.outcome] = holder[step.outcome]! - model.tokensOut;
    return back.next;
  }
  const balance = minBig(holder[step.outcome]!, sellableSupply(state, step.outcome));
  if (step.kind === 'sell') {
    const tokens = (balance * BigInt(step.fractionPpm)) / 1_000_000n;
    if (tokens === 0n || sellNet(state, step.outcome, tokens) === 0n) return state;
    const model = quoteSell(state, step.outcome, tokens);
    expect(await read.quoteSell(step.outcome, tokens)).toEqual(withoutNext(model));
    await trade(wallet, 'sell', [outcome, tokens, model.usdcOut]);
    holder[step.outcome] = holder[step.outcome]! - tokens;
    return model.next;
  }
  const target = (sellNet(state, step.outcome, balance) * BigInt(step.fractionPpm)) / 1_000_000n;
  if (target === 0n) return state;
  const tokens = minTokensIn(state, step.outcome, target)!;
  const view = await chain.publicClient.readContract({
    address: market,
    abi: marketAbi,
    functionName: 'quoteSellForExactUsdc',
    args: [outcome, target],
  });
  const model = quoteSell(state, step.outcome, tokens);
  expect(view).toEqual([tokens, withoutNext(model)]);
  expect(model.usdcOut).toBe(target);
  await trade(wallet, 'sellForExactUsdc', [outcome, target, tokens]);
  holder[step.outcome] = holder[step.outcome]! - tokens;
  return model.next;
}

describe('Market contract against the reference model (anvil)', () => {
  it(
    'quotes and trades exactly like the model, keeps c on buys, lowers it on sells, pays every redemption',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb(3, 10), async ({ shape, steps, settlement }) => {
          await chain.revert(base);
          base = await chain.snapshot();
          await createTestMarket(chain, deployment, { marketId: MARKET_ID, ...shape });
          const seed = shape.initialReserve * USDC_TO_WAD;
          let state: AmmState = { weights: shape.weights, supplies: shape.weights.map(() => seed), reserve: seed };
          // Index 0 is the liquidity provider (the admin, wallet 0); 1..3 are the traders (wallets 3..5).
          const holdings = [shape.weights.map(() => seed), ...[0, 1, 2].map(() => shape.weights.map(() => 0n))];
          await expectConcaveTokensOut(steps[0]!.outcome, shape.initialReserve / 7n + 1n);

          for (const step of steps) {
            const cBefore = quoteBuy(state, 0, 0n).c;
            const next = await playStep(state, step, holdings[step.trader + 1]!);
            const cAfter = quoteBuy(next, 0, 0n).c;
            if (step.kind === 'buy') {
              expect(cAfter).toBeGreaterThanOrEqual(cBefore);
              expect(cAfter - cBefore).toBeLessThanOrEqual(cBefore / 10n ** 12n + 1n);
            } else if (step.kind !== 'roundTrip' && next !== state) {
              expect(cAfter).toBeLessThan(cBefore);
            }
            state = next;
            expect(await read.reserve()).toBe(state.reserve);
            expect(await read.supplies()).toEqual(state.supplies);
            expect((await read.usdcHeld()) * USDC_TO_WAD).toBe(state.reserve);
          }

          await settleAndRedeemAll(state, settlement, holdings);
        }),
        { numRuns: NUM_RUNS, timeout: SCENARIO_TIMEOUT_MS, interruptAfterTimeLimit: RUN_BUDGET_MS },
      );
    },
    RUN_BUDGET_MS + 2 * SCENARIO_TIMEOUT_MS,
  );
});

/** tokensOut(x) from the contract is increasing and concave: equal steps of USDC buy ever fewer tokens. */
async function expectConcaveTokensOut(outcome: number, step: bigint): Promise<void> {
  const amounts = [step, 2n * step, 3n * step, 4n * step];
  const tokens = await Promise.all(amounts.map(async (amount) => (await read.quoteBuy(outcome, amount)).tokensOut));
  for (let i = 1; i < tokens.length; i += 1) expect(tokens[i]!).toBeGreaterThan(tokens[i - 1]!);
  for (let i = 2; i < tokens.length; i += 1) {
    const [earlier, later] = [tokens[i - 1]! - tokens[i - 2]!, tokens[i]! - tokens[i - 1]!];
    // The ceiled fee can move a step by one atomic unit, token flooring by one wei.
    expect(later).toBeLessThanOrEqual(earlier + (2n * earlier) / step + 2n);
  }
}

async function settleAndRedeemAll(
  state: AmmState,
  settlement: { kind: 'resolve' | 'cancel'; winners: number[] },
  holdings: bigint[][],
): Promise<void> {
  const admin = chain.wallets[0]!;
  const winners = [...settlement.winners].sort((a, b) => a - b);
  const winningSupply = sum(winners.map((i) => state.supplies[i]!));
  if (settlement.kind === 'resolve') {
    const args = [winners.map(BigInt)] as const;
    await send(chain, admin, { address: market, abi: marketAbi, functionName: 'resolve', args });
  } else {
    await send(chain, admin, { address: market, abi: marketAbi, functionName: 'cancel' });
  }
  const claimable = settlement.kind === 'resolve' ? winners : state.weights.map((_, i) => i);
  let paid = 0n;
  let redemptions = 0n;
  for (const [index, holder] of holdings.entries()) {
    const wallet = chain.wallets[index === 0 ? 0 : index + 2]!;
    for (const outcome of claimable) {
      const tokens = holder[outcome]!;
      if (tokens === 0n) continue;
      const expected =
        settlement.kind === 'resolve'
          ? resolvedPayout(state.reserve, winningSupply, tokens)
          : cancelledRefund(state, outcome, tokens);
      const args = [wallet.account.address, BigInt(outcome)] as const;
      expect(
        await chain.publicClient.readContract({ address: market, abi: marketAbi, functionName: 'redeemable', args }),
      ).toBe(expected);
      await send(chain, wallet, { address: market, abi: marketAbi, functionName: 'redeem', args: [BigInt(outcome)] });
      paid += expected;
      redemptions += 1n;
    }
  }
  const reserveUsdc = state.reserve / USDC_TO_WAD;
  expect(paid).toBeLessThanOrEqual(reserveUsdc);
  expect(reserveUsdc - paid).toBeLessThanOrEqual(redemptions);
  expect(await read.usdcHeld()).toBe(reserveUsdc - paid);
  expect((await read.reserve()) / USDC_TO_WAD).toBe(reserveUsdc - paid);
}
