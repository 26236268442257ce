/* The suite's chain fixture (jest only: scripts start their chain themselves). */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startChainFixture, type ChainFixture } from './chain-test-fixtures.js';

/**
 * Before the calling suite's tests: a chain fixture, handed to `setup` (markets, accounts, anything every test
 * starts from), then checkpointed. Before each test the chain goes back to that checkpoint (`beforeEachTest` runs
 * after); after the tests it stops.
 */
export function useChainFixture(
  setup: (fixture: ChainFixture) => Promise<void>,
  options: { beforeEachTest?: (fixture: ChainFixture) => Promise<void> } = {},
): void {
  let fixture: ChainFixture | undefined;
  beforeAll(async () => {
    fixture = await startChainFixture();
    await setup(fixture);
    await fixture.checkpoint();
  }, 60_000);
  beforeEach(async () => {
    // cast: beforeAll above set it before any test runs
    await fixture!.reset();
    await options.beforeEachTest?.(fixture!); // cast: as above
  });
  afterAll(async () => {
    await fixture?.stop();
  });
}
