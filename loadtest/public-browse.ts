/*
 * k6 entry of the public-browse scenario (loadtest/scenarios/public-browse.ts; the Node twin runs the same definition):
 *   k6 run loadtest/public-browse.ts
 * Settings by environment (-e NAME=value or exported): see loadtest/README.md.
 */
import { k6Entry } from './k6/k6-driver.ts';
import { definePublicBrowse } from './scenarios/public-browse.ts';

const entry = k6Entry(definePublicBrowse);

export const options = entry.options;
export const setup = entry.setup;
export default entry.iteration;
export const teardown = entry.teardown;
export const handleSummary = entry.handleSummary;
