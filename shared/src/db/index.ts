export * from './create-knex.js';
export * from './migrate.js';
export * from './transaction.js';
export * from './tick-loader.js';
export * from './deferred-inserts.js';
export * from './column-values.js';
export * from './mysql-errors.js';
export * from './repositories/index.js';
