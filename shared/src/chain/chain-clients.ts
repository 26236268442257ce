/**
 * viem clients for the production chain layer: one public client per process (reads, receipts, logs) and, per
 * signing key, a wallet client whose local account uses viem's `nonceManager`, so one sender can have many
 * transactions in flight at once (the executor sends trades concurrently).
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  nonceManager,
  webSocket,
  type Chain,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { socketClientCache } from 'viem/utils';
import { toChainError } from './chain-errors.js';
import { isRecord } from '../runtime/plain-values.js';

/** Chain ids of local development chains (anvil, hardhat, ganache), polled fast. */
const LOCAL_CHAIN_IDS: ReadonlySet<number> = new Set([31337, 1337]);
const LOCAL_POLLING_INTERVAL_MS = 20;
const REMOTE_POLLING_INTERVAL_MS = 1_000;

export interface ChainClientOptions {
  /** `http(s)://…` (HTTP, keep-alive) or `ws(s)://…` (WebSocket). */
  rpcUrl: string;
  /** Skip the `eth_chainId` round trip at start (lets an app start while the RPC is down). */
  chainId?: number;
  /** A `0x` 32-byte hex key: adds a wallet client signing with it. */
  privateKey?: Hex;
  /** Block and receipt polling; default 20 ms on local chains, 1 s elsewhere. */
  pollingIntervalMs?: number;
  /** Per-request timeout (default 5 s). */
  requestTimeoutMs?: number;
  /** Retries of a failed read request (default 2, 50 ms exponential backoff). Sends are never retried by viem. */
  retryCount?: number;
  /** How long a send waits for its receipt (default 30 s). */
  receiptTimeoutMs?: number;
}

export type ChainPublicClient = PublicClient<Transport, Chain>;
export type ChainWalletClient = WalletClient<Transport, Chain, PrivateKeyAccount>;

/** Read-only access: quotes, balances, logs, receipts. */
export interface ChainReader {
  chain: Chain;
  transport: Transport;
  publicClient: ChainPublicClient;
  pollingIntervalMs: number;
  receiptTimeoutMs: number;
  /** Closes a WebSocket connection (no-op over HTTP). */
  close(): Promise<void>;
}

/** A reader plus a signing account (the executor or the platform admin). */
export interface ChainWriter extends ChainReader {
  account: PrivateKeyAccount;
  walletClient: ChainWalletClient;
  /**
   * Forgets the cached nonce and fee estimate (after a dropped transaction or a test chain revert); the next send
   * asks the node.
   */
  resetNonce(): void;
  /**
   * EIP-1559 fees for the next send, asked of the node at most once per FEE_REFRESH_MS and given twice the base
   * fee's headroom: one estimate serves every transaction sent meanwhile instead of two requests per transaction.
   */
  currentFees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
  /** The next nonce of this key's sequence (one per process and key: viem's nonce manager). */
  takeNonce(): Promise<number>;
  /** Blocks a sent transaction may wait unmined before it is replaced (sent-transactions.ts). */
  replaceAfterBlocks: number;
  /** The most this writer offers per gas, first sends and replacements alike (wei). */
  maxFeePerGas: bigint;
}

/** Defaults of SignerOptions: replace after 3 blocks; at most 500 gwei per gas. */
export const DEFAULT_REPLACE_AFTER_BLOCKS = 3;
export const DEFAULT_MAX_FEE_PER_GAS = 500_000_000_000n;

/** How long one fee estimate serves the sends of a writer. */
export const FEE_REFRESH_MS = 2_000;

function createTransport(options: ChainClientOptions): Transport {
  const common = {
    timeout: options.requestTimeoutMs ?? 5_000,
    retryCount: options.retryCount ?? 2,
    retryDelay: 50,
  };
  if (/^wss?:\/\//.test(options.rpcUrl)) return reconnectingWebSocket(options.rpcUrl, common);
  // Node's fetch (undici) pools and keeps connections alive; `keepalive` states it. No JSON-RPC batching: latency
  // matters more than request count here.
  return http(options.rpcUrl, { ...common, fetchOptions: { keepalive: true } });
}

const SOCKET_CLOSING = 2;
/** The WebSocket readyState of a cached client's socket (viem types the cache for any kind of socket). */
const readyStateOf = (socket: unknown): number =>
  typeof socket === 'object' && socket !== null && 'readyState' in socket && typeof socket.readyState === 'number'
    ? socket.readyState
    : SOCKET_CLOSING;

/**
 * viem's WebSocket transport, made to recover from any outage. viem's own reconnection stops for good once one
 * reconnect attempt fails (the RPC refused for longer than its delay): its cached client keeps the dead socket and
 * fails every later request, even after the node is back (found by the fault suite). Worse, a client whose creation
 * failed keeps reconnecting outside the cache, and can leave an open socket nobody closes. So viem's reconnection is
 * off, and before each request a cached client of this URL whose socket is closing or closed is closed (which
 * removes it from viem's cache): that request opens a fresh socket, and fails fast, as DEPENDENCY_UNAVAILABLE, while
 * the RPC is down. No chain code subscribes (eth_subscribe), so nothing needs re-subscribing.
 */
function reconnectingWebSocket(rpcUrl: string, common: { timeout: number; retryCount: number; retryDelay: number }) {
  const inner = webSocket(rpcUrl, { ...common, keepAlive: true, reconnect: false });
  const dropDeadSockets = () => {
    for (const client of socketClientCache.values()) {
      if (client.url === rpcUrl && readyStateOf(client.socket) >= SOCKET_CLOSING) client.close();
    }
  };
  const reconnecting: Transport = (parameters) => {
    const transport = inner(parameters);
    const request: typeof transport.request = (args, requestOptions) => {
      dropDeadSockets();
      return transport.request(args, requestOptions);
    };
    return { ...transport, request };
  };
  return reconnecting;
}

/** A viem chain for an id learnt from the RPC (or configured). */
export function defineRpcChain(chainId: number, rpcUrl: string): Chain {
  const isWebSocket = /^wss?:\/\//.test(rpcUrl);
  return defineChain({
    id: chainId,
    name: LOCAL_CHAIN_IDS.has(chainId) ? 'Local chain' : `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: isWebSocket ? { http: [], webSocket: [rpcUrl] } : { http: [rpcUrl] } },
    testnet: LOCAL_CHAIN_IDS.has(chainId),
  });
}

async function fetchChainId(transport: Transport): Promise<number> {
  try {
    return await createPublicClient({ transport }).getChainId();
  } catch (error) {
    throw toChainError(error);
  }
}

/**
 * Creates the clients. Without `chainId` it asks the RPC once (DEPENDENCY_UNAVAILABLE when the RPC is down).
 * With `privateKey` the result is a {@link ChainWriter}.
 */
export async function createChainClients(options: ChainClientOptions & { privateKey: Hex }): Promise<ChainWriter>;
export async function createChainClients(options: ChainClientOptions): Promise<ChainReader>;
export async function createChainClients(options: ChainClientOptions): Promise<ChainReader | ChainWriter> {
  const transport = createTransport(options);
  const chainId = options.chainId ?? (await fetchChainId(transport));
  const reader = createChainReader(transport, defineRpcChain(chainId, options.rpcUrl), options);
  return options.privateKey ? withSigner(reader, options.privateKey) : reader;
}

function createChainReader(
  transport: Transport,
  chain: Chain,
  options: Pick<ChainClientOptions, 'pollingIntervalMs' | 'receiptTimeoutMs'>,
): ChainReader {
  const pollingIntervalMs =
    options.pollingIntervalMs ??
    (LOCAL_CHAIN_IDS.has(chain.id) ? LOCAL_POLLING_INTERVAL_MS : REMOTE_POLLING_INTERVAL_MS);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: pollingIntervalMs });
  return {
    chain,
    transport,
    publicClient,
    pollingIntervalMs,
    receiptTimeoutMs: options.receiptTimeoutMs ?? 30_000,
    async close() {
      // A WebSocket transport exposes its (shared, cached) socket client; HTTP has nothing to close.
      const socketTransport: unknown = publicClient.transport;
      if (!isRecord(socketTransport) || typeof socketTransport.getRpcClient !== 'function') return;
      const rpcClient: unknown = await socketTransport.getRpcClient();
      if (isRecord(rpcClient) && typeof rpcClient.close === 'function') rpcClient.close();
    },
  };
}

export interface SignerOptions {
  /** Called before every broadcast; throwing refuses it (the key's lease is not confirmed: signer-lease.ts). */
  fence?: () => Promise<void>;
  /** TX_REPLACE_AFTER_BLOCKS (default 3). */
  replaceAfterBlocks?: number;
  /** TX_MAX_FEE_PER_GAS_WEI (default 500 gwei). */
  maxFeePerGas?: bigint;
  /**
   * How long a send keeps its transaction moving (replacing it) before it gives up waiting; default the reader's.
   * The executor waits past its trades' deadline, so a dropped transaction's nonce is always filled.
   */
  receiptTimeoutMs?: number;
}

/** The reader's transport, refusing broadcasts that `fence` refuses. */
function fencedTransport(transport: Transport, fence: () => Promise<void>): Transport {
  return (parameters) => {
    const inner = transport(parameters);
    const request: typeof inner.request = async (args, requestOptions) => {
      if (args.method === 'eth_sendRawTransaction' || args.method === 'eth_sendTransaction') await fence();
      return inner.request(args, requestOptions);
    };
    return { ...inner, request };
  };
}

/**
 * Adds a signer to a reader, sharing its transport. viem's `nonceManager` is one per process and keyed by
 * (address, chain id), so every writer of the same key in this process draws from one nonce sequence.
 */
export function withSigner(reader: ChainReader, privateKey: Hex, options: SignerOptions = {}): ChainWriter {
  const account = privateKeyToAccount(privateKey, { nonceManager });
  const walletClient = createWalletClient({
    account,
    chain: reader.chain,
    transport: options.fence ? fencedTransport(reader.transport, options.fence) : reader.transport,
    pollingInterval: reader.pollingIntervalMs,
  });
  let fees: { at: number; value: Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> } | undefined;
  const estimate = async () => {
    const estimated = await reader.publicClient.estimateFeesPerGas();
    const priority = estimated.maxPriorityFeePerGas;
    // viem's maxFeePerGas is 1.2 × base fee + tip; doubling the base-fee part keeps a transaction valid through
    // several blocks of rising base fee while the estimate is reused.
    return { maxFeePerGas: 2n * estimated.maxFeePerGas, maxPriorityFeePerGas: priority };
  };
  return {
    ...reader,
    account,
    walletClient,
    receiptTimeoutMs: options.receiptTimeoutMs ?? reader.receiptTimeoutMs,
    replaceAfterBlocks: options.replaceAfterBlocks ?? DEFAULT_REPLACE_AFTER_BLOCKS,
    maxFeePerGas: options.maxFeePerGas ?? DEFAULT_MAX_FEE_PER_GAS,
    takeNonce: () =>
      nonceManager.consume({ address: account.address, chainId: reader.chain.id, client: reader.publicClient }),
    resetNonce: () => {
      nonceManager.reset({ address: account.address, chainId: reader.chain.id });
      fees = undefined;
    },
    currentFees() {
      if (!fees || Date.now() - fees.at > FEE_REFRESH_MS) {
        const value = estimate();
        const entry = { at: Date.now(), value };
        fees = entry;
        value.catch(() => {
          if (fees === entry) fees = undefined;
        });
      }
      return fees.value;
    },
  };
}

/** Readiness probe (`/ready` checks.chain): true when the RPC answers `eth_blockNumber`. Never throws. */
export async function pingChain(reader: ChainReader): Promise<boolean> {
  try {
    await reader.publicClient.getBlockNumber({ cacheTime: 0 });
    return true;
  } catch {
    return false;
  }
}
