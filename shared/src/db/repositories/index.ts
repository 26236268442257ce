export * from './admin-audit.repository.js';
export * from './chapters.repository.js';
export * from './markets.repository.js';
export * from './organizations.repository.js';
export * from './partners.repository.js';
export * from './threads.repository.js';
export * from './users.repository.js';
export * from './chain-deployments.repository.js';
