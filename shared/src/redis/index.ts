export * from './create-redis.js';
