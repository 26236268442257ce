export * from './app-error.js';
export * from './error-catalogue.js';
