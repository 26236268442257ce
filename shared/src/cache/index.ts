export * from './read-through-cache.js';
