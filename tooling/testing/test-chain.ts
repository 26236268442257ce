/**
 * Test harness for the chain: one anvil per test suite (so per jest worker at any time), started on a free port
 * from the npm binary, with viem clients, deploy helpers and snapshot/revert. Start it in `beforeAll`, stop it in
 * `afterAll`; isolate tests inside a suite with `snapshot()`/`revert(id)`. `ANVIL_PATH` overrides the binary;
 * `TEST_CHAIN_RPC_URL` uses a running dev chain instead (the suite reverts to its first snapshot when it stops; run
 * such suites with `--runInBand`, since they share that chain).
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { foundry } from 'viem/chains';
import {
  marketFactoryAbi,
  marketFactoryBytecode,
  smartAccountFactoryAbi,
  smartAccountFactoryBytecode,
  testUsdcAbi,
  testUsdcBytecode,
} from '../../shared/contracts/artifacts/index.js';
import { resolveAnvilBinary, spawnAnvil } from '../local-stack/anvil-process.js';

const POLLING_INTERVAL_MS = 20;
const START_TIMEOUT_MS = 15_000;

function createClients(rpcUrl: string) {
  // Node's fetch (undici) keeps connections alive by default; `keepalive` says so explicitly.
  const transport = http(rpcUrl, { fetchOptions: { keepalive: true }, retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain: foundry, transport, pollingInterval: POLLING_INTERVAL_MS }),
    testClient: createTestClient({ chain: foundry, mode: 'anvil', transport, pollingInterval: POLLING_INTERVAL_MS }),
    walletFor: (account: Address) =>
      createWalletClient({ account, chain: foundry, transport, pollingInterval: POLLING_INTERVAL_MS }),
  };
}

type Clients = ReturnType<typeof createClients>;
export type TestWallet = ReturnType<Clients['walletFor']>;

export interface TestChain extends Omit<Clients, 'walletFor'> {
  rpcUrl: string;
  /** anvil's default funded accounts (unlocked: the node signs). */
  accounts: Address[];
  /** One wallet client per default account, same order. */
  wallets: TestWallet[];
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  stop(): Promise<void>;
}

/** Starts (or connects to) a chain and waits until it answers. */
export async function startTestChain(): Promise<TestChain> {
  const external = process.env.TEST_CHAIN_RPC_URL;
  const spawned = external ? undefined : await spawnAnvil({ binary: resolveAnvilBinary(process.env.ANVIL_PATH) });
  const rpcUrl = external ?? spawned!.rpcUrl;
  const killOnExit = (): void => void spawned?.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const { walletFor, ...clients } = createClients(rpcUrl);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      await clients.publicClient.getChainId();
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`chain at ${rpcUrl} does not answer`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, POLLING_INTERVAL_MS));
    }
  }
  const accounts = await createWalletClient({ chain: foundry, transport: http(rpcUrl) }).getAddresses();
  const initial = external ? await clients.testClient.snapshot() : undefined;
  return {
    ...clients,
    rpcUrl,
    accounts,
    wallets: accounts.map((account) => walletFor(account)),
    snapshot: () => clients.testClient.snapshot(),
    revert: (id) => clients.testClient.revert({ id }),
    async stop() {
      process.removeListener('exit', killOnExit);
      if (initial) await clients.testClient.revert({ id: initial });
      if (spawned) await spawned.stop();
    },
  };
}

/**
 * Simulates a contract write (so a revert throws viem's decoded error, as a real sender would see), sends it,
 * waits for the receipt and fails on a mined revert.
 */
export async function send(
  chain: TestChain,
  wallet: TestWallet,
  request: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] },
): Promise<TransactionReceipt> {
  const call = { ...request, account: wallet.account } as Parameters<TestChain['publicClient']['simulateContract']>[0];
  await chain.publicClient.simulateContract(call);
  const hash = await wallet.writeContract(request as Parameters<TestWallet['writeContract']>[0]);
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${request.functionName} reverted in ${hash}`);
  return receipt;
}

/** Resolves with the custom error name a rejected viem call carries (undefined when there is none). */
export async function revertReason(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof BaseError)) throw error;
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
  }
  throw new Error('expected the call to revert, but it succeeded');
}

export async function deployContract(
  chain: TestChain,
  wallet: TestWallet,
  artifact: { abi: Abi; bytecode: Hex; args?: readonly unknown[] },
): Promise<Address> {
  const hash = await wallet.deployContract(artifact as Parameters<TestWallet['deployContract']>[0]);
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error(`deployment ${hash} created no contract`);
  return getAddress(receipt.contractAddress);
}

export interface ForetellDeployment {
  usdc: Address;
  marketFactory: Address;
  accountFactory: Address;
  /** accounts[0]: owns TestUSDC and both factories, creates and administers markets. */
  admin: Address;
  /** accounts[1]: the platform executor, operator of new smart accounts. */
  operator: Address;
  /** accounts[2]: receives protocol fees. */
  treasury: Address;
}

/** Deploys TestUSDC, MarketFactory and SmartAccountFactory. */
export async function deployForetell(chain: TestChain): Promise<ForetellDeployment> {
  const [admin, operator, treasury] = chain.accounts as [Address, Address, Address];
  const wallet = chain.wallets[0]!;
  const usdc = await deployContract(chain, wallet, { abi: testUsdcAbi, bytecode: testUsdcBytecode, args: [admin] });
  const marketFactory = await deployContract(chain, wallet, {
    abi: marketFactoryAbi,
    bytecode: marketFactoryBytecode,
    args: [usdc, treasury, admin],
  });
  const accountFactory = await deployContract(chain, wallet, {
    abi: smartAccountFactoryAbi,
    bytecode: smartAccountFactoryBytecode,
    args: [usdc, marketFactory, operator, admin],
  });
  return { usdc, marketFactory, accountFactory, admin, operator, treasury };
}

export async function mintUsdc(chain: TestChain, deployment: ForetellDeployment, to: Address, amount: bigint) {
  await send(chain, chain.wallets[0]!, {
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: 'mint',
    args: [to, amount],
  });
}

export interface TestMarketOptions {
  marketId: Hex;
  weights: readonly bigint[];
  /** Seed USDC, atomic. Minted to the admin, who becomes the liquidity provider. */
  initialReserve: bigint;
  resolveTime?: bigint;
  gracePeriod?: bigint;
}

/** Creates a market through the factory as the admin and returns its address. */
export async function createTestMarket(
  chain: TestChain,
  deployment: ForetellDeployment,
  options: TestMarketOptions,
): Promise<Address> {
  const admin = chain.wallets[0]!;
  const block = await chain.publicClient.getBlock();
  await mintUsdc(chain, deployment, deployment.admin, options.initialReserve);
  const approve = [deployment.marketFactory, options.initialReserve] as const;
  await send(chain, admin, { address: deployment.usdc, abi: testUsdcAbi, functionName: 'approve', args: approve });
  const params = {
    marketId: options.marketId,
    weights: options.weights,
    initialReserve: options.initialReserve,
    resolveTime: options.resolveTime ?? block.timestamp + 30n * 86_400n,
    gracePeriod: options.gracePeriod ?? 7n * 86_400n,
    liquidityProvider: deployment.admin,
  };
  const args = [params] as const;
  await send(chain, admin, {
    address: deployment.marketFactory,
    abi: marketFactoryAbi,
    functionName: 'createMarket',
    args,
  });
  return chain.publicClient.readContract({
    address: deployment.marketFactory,
    abi: marketFactoryAbi,
    functionName: 'marketOf',
    args: [options.marketId],
  });
}
