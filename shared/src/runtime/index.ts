export * from './readiness-checks.js';
export * from './route-switches-from-config.js';
export * from './service-resources.js';
export * from './service-version.js';
export * from './run-deployable.js';
export * from './operations-app.js';
export * from './mysql-leader-lock.js';
export * from './leader-loop.js';
