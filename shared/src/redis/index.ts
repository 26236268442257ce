export * from './create-redis.js';
export * from './lua-script.js';
