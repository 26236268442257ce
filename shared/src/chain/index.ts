/**
 * The production chain layer: viem clients, typed contract reads and writes, event decoding and the mapping of
 * chain failures to AppError. The AMM reference model (./amm-model) is test-only and not exported here.
 */
export * from './chain-clients.js';
export * from './chain-errors.js';
export * from './revert-errors.js';
export * from './ids-on-chain.js';
export * from './market-state.js';
export * from './quote-format.js';
export * from './trade-guards.js';
export * from './contract-writes.js';
export * from './market-reads.js';
export * from './balances.js';
export * from './smart-accounts.js';
export * from './account-trades.js';
export * from './guarded-trades.js';
export * from './batch-delegation.js';
export * from './call-batches.js';
export * from './batched-trades.js';
export * from './trade-attempts.js';
export * from './market-admin.js';
export * from './market-events.js';
export * from './deploy-platform.js';
export * from './operator-registry.js';
export * from './signer-lease.js';
export * from './platform-deployment.js';
export * from './lazy-chain-reader.js';
