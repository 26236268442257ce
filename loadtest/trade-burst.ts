/*
 * k6 entry of the trade-burst scenario (loadtest/scenarios/trade-burst.ts; the Node twin runs the same definition):
 *   k6 run loadtest/trade-burst.ts
 * Settings by environment (-e NAME=value or exported): see loadtest/README.md.
 */
import { k6Entry } from './k6/k6-driver.ts';
import { defineTradeBurst } from './scenarios/trade-burst.ts';

const entry = k6Entry(defineTradeBurst);

export const options = entry.options;
export const setup = entry.setup;
export default entry.iteration;
export const teardown = entry.teardown;
export const handleSummary = entry.handleSummary;
