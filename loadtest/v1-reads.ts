/*
 * k6 entry of the v1-reads scenario (loadtest/scenarios/v1-reads.ts; the Node twin runs the same definition):
 *   k6 run loadtest/v1-reads.ts
 * Settings by environment (-e NAME=value or exported): see loadtest/README.md.
 */
import { k6Entry } from './k6/k6-driver.ts';
import { defineV1Reads } from './scenarios/v1-reads.ts';

const entry = k6Entry(defineV1Reads);

export const options = entry.options;
export const setup = entry.setup;
export default entry.iteration;
export const teardown = entry.teardown;
export const handleSummary = entry.handleSummary;
