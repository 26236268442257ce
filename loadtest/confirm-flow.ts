/*
 * k6 entry of the confirm-flow scenario (loadtest/scenarios/confirm-flow.ts; the Node twin runs the same definition):
 *   k6 run loadtest/confirm-flow.ts
 * Settings by environment (-e NAME=value or exported): see loadtest/README.md.
 */
import { k6Entry } from './k6/k6-driver.ts';
import { defineConfirmFlow } from './scenarios/confirm-flow.ts';

const entry = k6Entry(defineConfirmFlow);

export const options = entry.options;
export const setup = entry.setup;
export default entry.iteration;
export const teardown = entry.teardown;
export const handleSummary = entry.handleSummary;
