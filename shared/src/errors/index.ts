export * from './app-error.js';
export * from './error-catalogue.js';
export * from './thrown-values.js';
