import { describe, expect, it } from '@jest/globals';
import { chooseRouteSwitchSource } from './route-switches-from-config.js';

describe('chooseRouteSwitchSource (DESIGN §7)', () => {
  it('uses ROUTE_SWITCHES_SOURCE when set', () => {
    expect(
      chooseRouteSwitchSource({
        ROUTE_DISABLED: [],
        ROUTE_SWITCHES_SOURCE: 'env',
        KUBERNETES_SERVICE_HOST: '10.0.0.1',
      }),
    ).toBe('env');
    expect(chooseRouteSwitchSource({ ROUTE_DISABLED: [], ROUTE_SWITCHES_SOURCE: 'kubernetes' })).toBe('kubernetes');
  });

  it('picks kubernetes inside a cluster, else file when a file is set, else env', () => {
    expect(
      chooseRouteSwitchSource({ ROUTE_DISABLED: [], KUBERNETES_SERVICE_HOST: '10.0.0.1', ROUTE_SWITCHES_FILE: '/x' }),
    ).toBe('kubernetes');
    expect(chooseRouteSwitchSource({ ROUTE_DISABLED: [], ROUTE_SWITCHES_FILE: '/etc/switches/ROUTE_DISABLED' })).toBe(
      'file',
    );
    expect(chooseRouteSwitchSource({ ROUTE_DISABLED: ['POST /v1/trades'] })).toBe('env');
  });
});
