/*
 * What `npm start` prints once every deployable is ready: each replica's URL, the chain, the admin CLI and the demo
 * key with curls to try. Pure: start-local-stack.ts gathers the facts.
 */
import type { PlatformAddresses } from '#shared/chain/platform-deployment.js';
import type { DemoApiKey } from './demo-api-key.js';
import { replicaPort } from './replicas.js';

export interface StartupFacts {
  replicas: number;
  ports: { tradingApi: number; publicRead: number; chainExecutor: number; webhookDispatcher: number };
  /** `blockTime`: seconds between blocks, 0 when each transaction is mined at once. */
  chain: { rpcUrl: string; chainId: number; platform: PlatformAddresses; blockTime: number };
  /** The executor's signer pool size (one key leased per chain-executor replica). */
  signers: number;
  demoKey: DemoApiKey;
  /** The newest open market, for the curls. */
  marketId: string | undefined;
  inbox: { url: string; secret: string };
}

const LABEL_WIDTH = 18;

/** One line for replica 0 under the label, and one per further replica beneath it. */
function replicaLines(facts: StartupFacts, label: string, port: number, url: (port: number) => string): string[] {
  return Array.from({ length: facts.replicas }, (_, replica) => {
    const head = replica === 0 ? label : '';
    const suffix = facts.replicas > 1 ? `   replica ${replica}` : '';
    return `  ${head.padEnd(LABEL_WIDTH)}${url(replicaPort(port, replica))}${suffix}`;
  });
}

export function startupMessage(facts: StartupFacts): string {
  const { ports, chain } = facts;
  const replicaNote = facts.replicas > 1 ? ` (${facts.replicas} replicas each; replica i on port + 100·i)` : '';
  return [
    '',
    `Foretell is up${replicaNote}.`,
    ...replicaLines(
      facts,
      'Trading API',
      ports.tradingApi,
      (port) => `http://localhost:${port}/v1   (health /v1/health, ready /v1/ready)`,
    ),
    ...replicaLines(
      facts,
      'Public read API',
      ports.publicRead,
      (port) => `http://localhost:${port}/api  (health /health)`,
    ),
    `  Embed widget      http://localhost:${ports.publicRead}/embed/demo   (the newest open market, live)`,
    ...replicaLines(
      facts,
      'Chain executor',
      ports.chainExecutor,
      (port) => `http://localhost:${port}/health   metrics /metrics`,
    ),
    ...(facts.replicas > 1
      ? [`                    signer pool of ${facts.signers} keys (one leased per replica)`]
      : []),
    ...replicaLines(
      facts,
      'Webhook dispatch',
      ports.webhookDispatcher,
      (port) => `http://localhost:${port}/health   metrics /metrics`,
    ),
    `  Chain (anvil)     ${chain.rpcUrl}   chain id ${chain.chainId}   ${blockTimeText(chain.blockTime)}`,
    `    TestUSDC ${chain.platform.usdc}  MarketFactory ${chain.platform.marketFactory}`,
    `    SmartAccountFactory ${chain.platform.accountFactory}`,
    `  Admin CLI         CHAIN_RPC_URL=${chain.rpcUrl} npm run -s admin -- --help`,
    ...demoKeyLines(facts),
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}

function blockTimeText(seconds: number): string {
  return seconds === 0 ? 'mines each transaction at once' : `a block every ${seconds} s`;
}

function demoKeyLines({ demoKey, marketId, ports, inbox }: StartupFacts): string[] {
  if (!demoKey.issued) return [`  Demo API key      none issued: ${demoKey.reason}`];
  const key = demoKey.key;
  const v1 = `http://localhost:${ports.tradingApi}/v1`;
  const market = marketId ?? '<market id>';
  const trade = JSON.stringify({ marketId: market, outcomeIndex: 0, amount: '5', side: 'buy' });
  return [
    `  Demo API key      ${key}   (enterprise, alice@foretell.test; replaced on every npm start)`,
    `    curl -H 'X-API-Key: ${key}' ${v1}/markets/${market}`,
    `  Place a trade (executes on the local chain; the same Idempotency-Key returns the same trade):`,
    `    curl -X POST -H 'X-API-Key: ${key}' -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-trade-1' -d '${trade}' ${v1}/trades`,
    `  Follow it (status pending → validating → executing → completed, txHash and tokensOut when done):`,
    `    curl -H 'X-API-Key: ${key}' '${v1}/trades?limit=5'`,
    `  Its webhooks (signed with ${inbox.secret}) arrive at the local inbox, logged as [webhook-inbox]:`,
    `    curl ${inbox.url}   and the delivery states: curl -H 'X-API-Key: ${key}' ${v1}/webhooks/events`,
  ];
}
