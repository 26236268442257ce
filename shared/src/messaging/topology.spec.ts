import { describe, expect, it } from '@jest/globals';
import { parkingQueueOf, physicalName, QUEUES, WORK_QUEUES } from './topology.js';

describe('topology names', () => {
  it('uses logical names unchanged without a prefix (production)', () => {
    expect(physicalName('', QUEUES.chainExecutorTrades)).toBe('chain-executor.trades');
  });

  it('puts a suite prefix in front of every name', () => {
    expect(physicalName('t_abc', 'trades')).toBe('t_abc.trades');
    expect(physicalName('t_abc', parkingQueueOf(QUEUES.webhookDispatcherEvents))).toBe(
      't_abc.webhook-dispatcher.events.parking',
    );
  });

  it('binds each work queue to its exchange with a catch-all key', () => {
    expect(WORK_QUEUES.map(({ queue, exchange, bindingKey }) => `${exchange} -${bindingKey}-> ${queue}`)).toEqual([
      'trades -#-> chain-executor.trades',
      'redemptions -#-> chain-executor.redemptions',
      'events -#-> webhook-dispatcher.events',
    ]);
  });
});
