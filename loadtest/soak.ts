/*
 * k6 entry of the soak scenario (loadtest/scenarios/soak.ts; the Node twin runs the same definition):
 *   k6 run loadtest/soak.ts
 * Settings by environment (-e NAME=value or exported): see loadtest/README.md.
 */
import { k6Entry } from './k6/k6-driver.ts';
import { defineSoak } from './scenarios/soak.ts';

const entry = k6Entry(defineSoak);

export const options = entry.options;
export const setup = entry.setup;
export default entry.iteration;
/** The soak's monitor scenario (process figures after warm-up and before the ramp down) runs this. */
export const monitor = entry.monitor;
export const teardown = entry.teardown;
export const handleSummary = entry.handleSummary;
