import { describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { startupMessage, type StartupFacts } from './startup-message.js';

const address = (digit: string): Address => `0x${digit.repeat(40)}`;
const facts = (replicas: number, blockTime = 0): StartupFacts => ({
  replicas,
  ports: { tradingApi: 3000, publicRead: 3001, chainExecutor: 3002, webhookDispatcher: 3003 },
  chain: {
    rpcUrl: 'http://127.0.0.1:8545',
    chainId: 31337,
    platform: {
      chainId: 31337,
      usdc: address('1'),
      marketFactory: address('2'),
      accountFactory: address('3'),
      operatorRegistry: address('4'),
    },
    blockTime,
  },
  signers: replicas,
  demoKey: { issued: false, reason: 'the demo user alice is not in the database' },
  marketId: undefined,
  inbox: { url: 'http://127.0.0.1:3004/webhooks', secret: 'whsec_test' },
});

describe('the message npm start prints once the stack is up', () => {
  it('lists each deployable once, on its usual port, with one replica', () => {
    const message = startupMessage(facts(1));
    expect(message).toContain('Foretell is up.');
    expect(message).toContain('  Trading API       http://localhost:3000/v1   (health /v1/health, ready /v1/ready)\n');
    expect(message).not.toContain('3100');
    expect(message).not.toContain('replica');
    expect(message).toContain('chain id 31337   mines each transaction at once\n');
  });

  it('names the block time when BLOCK_TIME is set', () => {
    expect(startupMessage(facts(1, 2))).toContain('chain id 31337   a block every 2 s\n');
  });

  it("lists every replica's URL, replica i on the usual port + 100·i", () => {
    const message = startupMessage(facts(3));
    expect(message).toContain('Foretell is up (3 replicas each; replica i on port + 100·i).');
    for (const [port, path] of [
      [3000, '/v1'],
      [3001, '/api'],
      [3002, '/health'],
      [3003, '/health'],
    ] as const) {
      for (const replica of [0, 1, 2]) {
        expect(message).toMatch(new RegExp(`http://localhost:${port + 100 * replica}${path} .*replica ${replica}\\n`));
      }
    }
    expect(message).toContain('signer pool of 3 keys');
  });
});
