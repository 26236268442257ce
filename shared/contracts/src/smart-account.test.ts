import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { keccak256, parseEventLogs, toHex, type Address, type Hex } from 'viem';
import {
  marketAbi,
  marketFactoryAbi,
  marketFactoryBytecode,
  smartAccountAbi,
  smartAccountFactoryAbi,
  testUsdcAbi,
} from '../artifacts/index.js';
import {
  createTestMarket,
  deployContract,
  deployForetell,
  mintUsdc,
  revertReason,
  send,
  startTestChain,
  type ForetellDeployment,
  type TestChain,
} from '#tooling/testing/test-chain.js';

const USDC = 1_000_000n;
const HALF = 500_000_000_000_000_000n;
const OWNER = 6;
const OPERATOR = 1;

let chain: TestChain;
let deployment: ForetellDeployment;
let market: Address;
let foreignMarket: Address;
let account: Address;
let clean: Hex;
let tradeCounter = 0;
const nextTradeId = () => keccak256(toHex(`trade-${++tradeCounter}`));

beforeAll(async () => {
  chain = await startTestChain();
  deployment = await deployForetell(chain);
  market = await createTestMarket(chain, deployment, {
    marketId: `0x${'03'.repeat(32)}`,
    weights: [HALF, HALF],
    initialReserve: 100n * USDC,
  });
  const foreignFactory = await deployContract(chain, chain.wallets[0]!, {
    abi: marketFactoryAbi,
    bytecode: marketFactoryBytecode,
    args: [deployment.usdc, deployment.treasury, deployment.admin],
  });
  foreignMarket = await createTestMarket(
    chain,
    { ...deployment, marketFactory: foreignFactory },
    {
      marketId: `0x${'04'.repeat(32)}`,
      weights: [HALF, HALF],
      initialReserve: 100n * USDC,
    },
  );
  account = await createAccount(keccak256(toHex('user-1')), chain.accounts[OWNER]!);
  await mintUsdc(chain, deployment, account, 1_000n * USDC);
  clean = await chain.snapshot();
});

beforeEach(async () => {
  await chain.revert(clean);
  clean = await chain.snapshot();
});

afterAll(async () => {
  await chain?.stop();
});

async function createAccount(userId: Hex, owner: Address, wallet = 0) {
  const factory = { address: deployment.accountFactory, abi: smartAccountFactoryAbi } as const;
  await send(chain, chain.wallets[wallet]!, { ...factory, functionName: 'createAccount', args: [userId, owner] });
  return chain.publicClient.readContract({ ...factory, functionName: 'accountOf', args: [userId] });
}

type Call =
  | { functionName: 'buy' | 'sell' | 'sellForExactUsdc'; args: readonly [Hex, Address, bigint, bigint, bigint] }
  | { functionName: 'redeem'; args: readonly [Hex, Address, bigint] }
  | { functionName: 'setOperator' | 'transferOwnership'; args: readonly [Address] }
  | { functionName: 'revokeOperator'; args: readonly [] }
  | { functionName: 'withdraw'; args: readonly [Address, Address, bigint] };

const callAccount = (wallet: number, call: Call) =>
  send(chain, chain.wallets[wallet]!, { address: account, abi: smartAccountAbi, ...call });
const buy = (wallet: number, target: Address, tradeId: Hex = nextTradeId(), minTokensOut = 0n) =>
  callAccount(wallet, { functionName: 'buy', args: [tradeId, target, 0n, 10n * USDC, minTokensOut] });
const usdcOf = (holder: Address) =>
  chain.publicClient.readContract({
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: 'balanceOf',
    args: [holder],
  });
const tokensOf = (outcome: bigint) =>
  chain.publicClient.readContract({
    address: market,
    abi: marketAbi,
    functionName: 'balanceOf',
    args: [account, outcome],
  });

describe('SmartAccount and SmartAccountFactory', () => {
  it("deploys a user's account at the address predicted before deployment, with USDC sent there beforehand", async () => {
    const userId = keccak256(toHex('user-2'));
    const factory = { address: deployment.accountFactory, abi: smartAccountFactoryAbi } as const;
    const predicted = await chain.publicClient.readContract({
      ...factory,
      functionName: 'predictAddress',
      args: [userId],
    });
    await mintUsdc(chain, deployment, predicted, 5n * USDC);
    const deployed = await createAccount(userId, chain.accounts[7]!);

    expect(deployed).toBe(predicted);
    const read = <F extends 'owner' | 'operator' | 'usdc' | 'marketFactory'>(functionName: F) =>
      chain.publicClient.readContract({ address: deployed, abi: smartAccountAbi, functionName });
    expect(await read('owner')).toBe(chain.accounts[7]);
    expect(await read('operator')).toBe(deployment.operator);
    expect(await read('marketFactory')).toBe(deployment.marketFactory);
    expect(await usdcOf(deployed)).toBe(5n * USDC);
  });

  it('refuses a second account for the same user and lets only the platform create accounts', async () => {
    expect(await revertReason(createAccount(keccak256(toHex('user-1')), chain.accounts[7]!))).toBe('AccountExists');
    expect(await revertReason(createAccount(keccak256(toHex('user-3')), chain.accounts[7]!, 5))).toBe(
      'OwnableUnauthorizedAccount',
    );
  });

  it('lets the operator buy, sell, sell for exact USDC and redeem for the account, approving exactly what a buy needs', async () => {
    const receipt = await buy(OPERATOR, market);
    const [executed] = parseEventLogs({ abi: smartAccountAbi, logs: receipt.logs, eventName: 'TradeExecuted' });
    const allowance = [account, market] as const;
    expect(
      await chain.publicClient.readContract({
        address: deployment.usdc,
        abi: testUsdcAbi,
        functionName: 'allowance',
        args: allowance,
      }),
    ).toBe(0n);
    expect(executed?.args).toMatchObject({ market, action: 0, amountIn: 10n * USDC, amountOut: await tokensOf(0n) });
    expect(await usdcOf(account)).toBe(990n * USDC);

    const half = (await tokensOf(0n)) / 2n;
    await callAccount(OPERATOR, { functionName: 'sell', args: [nextTradeId(), market, 0n, half, 0n] });
    const beforeExact = await usdcOf(account);
    await callAccount(OPERATOR, {
      functionName: 'sellForExactUsdc',
      args: [nextTradeId(), market, 0n, 2n * USDC, half],
    });
    expect((await usdcOf(account)) - beforeExact).toBe(2n * USDC);

    await send(chain, chain.wallets[0]!, { address: market, abi: marketAbi, functionName: 'resolve', args: [[0n]] });
    const beforeRedeem = await usdcOf(account);
    await callAccount(OPERATOR, { functionName: 'redeem', args: [nextTradeId(), market, 0n] });
    expect(await tokensOf(0n)).toBe(0n);
    expect(await usdcOf(account)).toBeGreaterThan(beforeRedeem);
    expect(await usdcOf(deployment.operator)).toBe(0n);
  });

  it('refuses markets that the trusted factory did not create (UnknownMarket)', async () => {
    expect(await revertReason(buy(OPERATOR, foreignMarket))).toBe('UnknownMarket');
    expect(await revertReason(buy(OPERATOR, deployment.usdc))).toBe('UnknownMarket');
  });

  it('executes a trade id once only, whatever the action, and rejects the zero id', async () => {
    const tradeId = nextTradeId();
    await buy(OPERATOR, market, tradeId);
    expect(await revertReason(buy(OPERATOR, market, tradeId))).toBe('TradeIdAlreadyUsed');
    const sameIdSell = callAccount(OPERATOR, { functionName: 'sell', args: [tradeId, market, 0n, 1n, 0n] });
    expect(await revertReason(sameIdSell)).toBe('TradeIdAlreadyUsed');
    expect(await revertReason(buy(OPERATOR, market, `0x${'00'.repeat(32)}`))).toBe('InvalidTradeId');
    const used = await chain.publicClient.readContract({
      address: account,
      abi: smartAccountAbi,
      functionName: 'tradeIdUsed',
      args: [tradeId],
    });
    expect(used).toBe(true);
  });

  it("surfaces the market's SlippageExceeded through the account and leaves the trade id usable", async () => {
    const tradeId = nextTradeId();
    expect(await revertReason(buy(OPERATOR, market, tradeId, 10n ** 30n))).toBe('SlippageExceeded');
    await buy(OPERATOR, market, tradeId);
  });

  it('stops the operator once the owner revokes it and accepts the operator the owner sets next', async () => {
    await callAccount(OWNER, { functionName: 'revokeOperator', args: [] });
    expect(await revertReason(buy(OPERATOR, market))).toBe('NotAuthorized');
    await callAccount(OWNER, { functionName: 'setOperator', args: [chain.accounts[8]!] });
    expect(await revertReason(buy(OPERATOR, market))).toBe('NotAuthorized');
    await buy(8, market);
  });

  it('lets only the owner withdraw, change the operator or hand the account over', async () => {
    const thief = chain.accounts[OPERATOR]!;
    const withdraw = { functionName: 'withdraw', args: [deployment.usdc, thief, USDC] } as const;
    expect(await revertReason(callAccount(OPERATOR, withdraw))).toBe('NotOwner');
    expect(await revertReason(callAccount(OPERATOR, { functionName: 'setOperator', args: [thief] }))).toBe('NotOwner');
    expect(await revertReason(callAccount(OPERATOR, { functionName: 'transferOwnership', args: [thief] }))).toBe(
      'NotOwner',
    );
    const owner = chain.accounts[OWNER]!;
    await callAccount(OWNER, { functionName: 'withdraw', args: [deployment.usdc, owner, 400n * USDC] });
    expect(await usdcOf(owner)).toBe(400n * USDC);
    expect(await usdcOf(account)).toBe(600n * USDC);
  });
});
