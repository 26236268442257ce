/*
 * k6 entry of the webhook-fanout scenario (loadtest/scenarios/webhook-fanout.ts; the Node twin runs the same definition):
 *   k6 run loadtest/webhook-fanout.ts
 * Settings by environment (-e NAME=value or exported): see loadtest/README.md.
 */
import { k6Entry } from './k6/k6-driver.ts';
import { defineWebhookFanout } from './scenarios/webhook-fanout.ts';

const entry = k6Entry(defineWebhookFanout);

export const options = entry.options;
export const setup = entry.setup;
export default entry.iteration;
export const teardown = entry.teardown;
export const handleSummary = entry.handleSummary;
