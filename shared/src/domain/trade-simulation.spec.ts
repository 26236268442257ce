import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import {
  formatTradeSimulation,
  parseTradeSimulation,
  simulationRefusal,
  storedTradeSimulation,
} from './trade-simulation.js';

describe('X-Service-Simulate values', () => {
  it.each(['revert', 'slippage', 'timeout', 'insufficient_balance', 'reject'])('accepts %s', (value) => {
    expect(parseTradeSimulation(value)).toEqual({ kind: value });
  });

  it('accepts a delay from 1 to 30000 ms and stores it in its canonical form', () => {
    expect(parseTradeSimulation('delay=1')).toEqual({ kind: 'delay', delayMs: 1 });
    const longest = parseTradeSimulation('delay=30000');
    expect(longest).toEqual({ kind: 'delay', delayMs: 30_000 });
    expect(formatTradeSimulation({ kind: 'delay', delayMs: 1500 })).toBe('delay=1500');
    expect(storedTradeSimulation('delay=1500')).toEqual({ kind: 'delay', delayMs: 1500 });
    expect(storedTradeSimulation(null)).toBeNull();
  });

  it.each(['delay=0', 'delay=30001', 'delay=-5', 'delay=1.5', 'delay=', 'delay=007', 'REVERT', 'explode', ''])(
    'refuses %j with VALIDATION_FAILED naming the header',
    (value) => {
      const refused = parseTradeSimulation(value);
      expect(refused).toBeInstanceOf(AppError);
      const error = refused as AppError;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.detail).toContain('X-Service-Simulate');
      expect(error.extensions).toEqual({ field: 'x-service-simulate', location: 'header' });
    },
  );

  it('is allowed only for a test key on a test deployment', () => {
    expect(simulationRefusal({ serviceEnv: 'test', keyEnv: 'test' })).toBeNull();
    expect(simulationRefusal({ serviceEnv: 'test', keyEnv: 'live' })?.detail).toMatch(/live key/);
    expect(simulationRefusal({ serviceEnv: 'live', keyEnv: 'live' })?.detail).toMatch(/live deployment/);
    expect(simulationRefusal({ serviceEnv: 'live', keyEnv: 'test' })?.code).toBe('VALIDATION_FAILED');
  });
});
