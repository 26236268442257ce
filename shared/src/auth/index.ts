/** Pure API-key, scope, IP-allowlist and request-signature logic shared by the trading and public-read APIs. */
export * from './api-key-format.js';
export * from './tiers.js';
export * from './ip-allowlist.js';
export * from './request-signature.js';
export * from './issue-api-key.js';
export * from './secret-box.js';
export * from './api-key-cache.js';
