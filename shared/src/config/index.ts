export * from './app-configs.js';
export { ConfigError, loadConfig, loadConfigOrExit } from './load-config.js';
