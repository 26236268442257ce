/** Pure trading rules: no I/O, no transport. */
export * from './trade-amount.js';
export * from './trade-identity.js';
export * from './trade-limits.js';
export * from './trade-states.js';
export * from './api-version.js';
export * from './market-rules.js';
export * from './market-status.js';
export * from './quote-rules.js';
export * from './paging.js';
export * from './units.js';
export * from './trade-simulation.js';
