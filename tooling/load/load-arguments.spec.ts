import { describe, expect, it } from '@jest/globals';
import { parseLoadArguments } from './load-arguments.js';

describe('npm run load arguments', () => {
  it('takes a scenario and turns flags into the LOADTEST_* settings k6 reads', () => {
    expect(parseLoadArguments(['soak', '--hold', '2m', '--rate=12', '--max-vus', '30', '--profile', 'spike'])).toEqual({
      scenario: 'soak',
      overrides: { LOADTEST_HOLD: '2m', LOADTEST_RATE: '12', LOADTEST_MAX_VUS: '30', LOADTEST_PROFILE: 'spike' },
    });
    expect(parseLoadArguments(['trade-burst', '--duration', '30s'])).toEqual({
      scenario: 'trade-burst',
      overrides: { LOADTEST_HOLD: '30s' },
    });
  });

  it('refuses an unknown scenario, an unknown flag and a flag without a value', () => {
    expect(parseLoadArguments([])).toEqual({ error: 'which scenario?' });
    expect(parseLoadArguments(['stress'])).toEqual({ error: 'unknown scenario "stress"' });
    expect(parseLoadArguments(['soak', '--vus', '3'])).toEqual({ error: 'unknown flag --vus' });
    expect(parseLoadArguments(['soak', '--hold'])).toEqual({ error: '--hold needs a value' });
  });
});
