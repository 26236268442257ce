export * from './trade-event-envelope.js';
export * from './trade-steps.js';
