export * from './create-knex.js';
export * from './migrate.js';
export * from './transaction.js';
