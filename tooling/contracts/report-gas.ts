/**
 * `npm run report:gas`: deploys the contracts on a throwaway anvil and prints the gas of the main operations,
 * directly on the market and through a SmartAccount (as the executor sends them), then the figures of the market
 * sells: c before and after (it must fall: the script fails otherwise) and where the gross release went.
 */
import { keccak256, toHex, type Address, type Hex, type TransactionReceipt } from 'viem';
import {
  marketAbi,
  smartAccountAbi,
  smartAccountFactoryAbi,
  testUsdcAbi,
} from '../../shared/contracts/artifacts/index.js';
import {
  createTestMarket,
  deployForetell,
  mintUsdc,
  send,
  startTestChain,
  type ForetellDeployment,
  type TestChain,
} from '../testing/test-chain.js';

const USDC = 1_000_000n;
const rows: { operation: string; gas: bigint }[] = [];
const sellFigures: string[] = [];

function record(operation: string, receipt: TransactionReceipt): void {
  rows.push({ operation, gas: receipt.gasUsed });
}

/** anvil's funded wallet `index` (it funds ten). */
function walletAt(chain: TestChain, index: number): TestChain['wallets'][number] {
  const wallet = chain.wallets[index];
  if (!wallet) throw new Error(`the test chain has no wallet ${index}`);
  return wallet;
}

function accountAt(chain: TestChain, index: number): TestChain['accounts'][number] {
  const account = chain.accounts[index];
  if (!account) throw new Error(`the test chain has no account ${index}`);
  return account;
}

/** Receipt of the newest transaction (anvil mines one per block). */
async function lastReceipt(chain: TestChain): Promise<TransactionReceipt> {
  const [hash] = (await chain.publicClient.getBlock()).transactions;
  if (!hash) throw new Error('the newest block holds no transaction');
  return chain.publicClient.getTransactionReceipt({ hash });
}

function equalWeights(count: number): bigint[] {
  const weights = Array.from({ length: count }, () => 10n ** 18n / BigInt(count));
  const remainder = 10n ** 18n - weights.reduce((sum, weight) => sum + weight, 0n);
  return weights.map((weight, index) => (index === count - 1 ? weight + remainder : weight));
}

async function marketOps(chain: TestChain, deployment: ForetellDeployment, outcomes: number): Promise<void> {
  const marketId = keccak256(toHex(`gas-${outcomes}`));
  const market = await createTestMarket(chain, deployment, {
    marketId,
    weights: equalWeights(outcomes),
    initialReserve: 1_000n * USDC,
  });
  record(`MarketFactory.createMarket (${outcomes} outcomes)`, await lastReceipt(chain));
  const trader = walletAt(chain, 3);
  await mintUsdc(chain, deployment, trader.account.address, 1_000n * USDC);
  await send(chain, trader, {
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: 'approve',
    args: [market, 1_000n * USDC],
  });
  const onMarket = (functionName: 'buy' | 'sell', args: readonly bigint[]) =>
    send(chain, trader, { address: market, abi: marketAbi, functionName, args });
  record(
    `Market.buy (${outcomes} outcomes, first buy: cold balance slots)`,
    await onMarket('buy', [0n, 10n * USDC, 0n]),
  );
  record(`Market.buy (${outcomes} outcomes, repeat)`, await onMarket('buy', [0n, 10n * USDC, 0n]));
  const read = <F extends 'coefficient' | 'reserve'>(functionName: F) =>
    chain.publicClient.readContract({ address: market, abi: marketAbi, functionName });
  const [cBefore, quote] = await Promise.all([
    read('coefficient'),
    chain.publicClient.readContract({
      address: market,
      abi: marketAbi,
      functionName: 'quoteSell',
      args: [0n, 10n ** 18n],
    }),
  ]);
  record(`Market.sell (${outcomes} outcomes)`, await onMarket('sell', [0n, 10n ** 18n, 0n]));
  const cAfter = await read('coefficient');
  if (cAfter >= cBefore) throw new Error(`c did not fall on a sell: ${cBefore} -> ${cAfter}`);
  sellFigures.push(
    `sell 1 token (${outcomes} outcomes): c ${cBefore} -> ${cAfter}; usdcOut ${quote.usdcOut}, ` +
      `ammFee ${quote.ammFee}, protocolFee ${quote.protocolFee} (atomic), grossRelease ${quote.grossRelease} (WAD)`,
  );
  await send(chain, walletAt(chain, 0), { address: market, abi: marketAbi, functionName: 'resolve', args: [[0n]] });
  const redeem = await send(chain, trader, { address: market, abi: marketAbi, functionName: 'redeem', args: [0n] });
  record(`Market.redeem (${outcomes} outcomes, resolved)`, redeem);
}

async function accountOps(chain: TestChain, deployment: ForetellDeployment): Promise<void> {
  const market = await createTestMarket(chain, deployment, {
    marketId: keccak256(toHex('gas-account')),
    weights: equalWeights(2),
    initialReserve: 1_000n * USDC,
  });
  const userId = keccak256(toHex('gas-user'));
  const factory = { address: deployment.accountFactory, abi: smartAccountFactoryAbi } as const;
  record(
    'SmartAccountFactory.createAccount',
    await send(chain, walletAt(chain, 0), {
      ...factory,
      functionName: 'createAccount',
      args: [userId, accountAt(chain, 6)],
    }),
  );
  const account: Address = await chain.publicClient.readContract({
    ...factory,
    functionName: 'accountOf',
    args: [userId],
  });
  await mintUsdc(chain, deployment, account, 1_000n * USDC);
  const operator = walletAt(chain, 1);
  let counter = 0;
  const tradeId = (): Hex => keccak256(toHex(`gas-trade-${++counter}`));
  const via = (
    functionName: 'buy' | 'sell' | 'sellForExactUsdc' | 'redeem',
    args: readonly unknown[],
  ): Promise<TransactionReceipt> =>
    send(chain, operator, { address: account, abi: smartAccountAbi, functionName, args });
  record('SmartAccount.buy (operator, first buy)', await via('buy', [tradeId(), market, 0n, 10n * USDC, 0n]));
  record('SmartAccount.buy (operator, repeat)', await via('buy', [tradeId(), market, 0n, 10n * USDC, 0n]));
  record('SmartAccount.sell (operator)', await via('sell', [tradeId(), market, 0n, 10n ** 18n, 0n]));
  record(
    'SmartAccount.sellForExactUsdc (operator)',
    await via('sellForExactUsdc', [tradeId(), market, 0n, 2n * USDC, 10n ** 30n]),
  );
  await send(chain, walletAt(chain, 0), { address: market, abi: marketAbi, functionName: 'cancel' });
  record('SmartAccount.redeem (operator, cancelled)', await via('redeem', [tradeId(), market, 0n]));
}

async function main(): Promise<void> {
  const chain = await startTestChain();
  try {
    const deployment = await deployForetell(chain);
    await marketOps(chain, deployment, 2);
    await marketOps(chain, deployment, 8);
    await accountOps(chain, deployment);
  } finally {
    await chain.stop();
  }
  const width = Math.max(...rows.map((row) => row.operation.length));
  process.stdout.write(`${'operation'.padEnd(width)}  gas used\n`);
  for (const row of rows) process.stdout.write(`${row.operation.padEnd(width)}  ${row.gas.toString().padStart(8)}\n`);
  process.stdout.write(`\n${sellFigures.join('\n')}\n`);
}

await main();
