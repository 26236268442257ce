import { describe, expect, it } from '@jest/globals';
import { createNoticeHub, keyTopic, marketTopic, tradeTopic } from './notice-hub.js';
import { topicsOfNotice } from './notice-subscriber.js';

describe('createNoticeHub', () => {
  it('tells its watchers when it gains its first subscription and loses its last, once each', () => {
    const hub = createNoticeHub();
    const told: boolean[] = [];
    const stopWatching = hub.watchListened((listened) => told.push(listened));
    const stopA = hub.subscribe('a', () => undefined);
    const stopB = hub.subscribe('b', () => undefined);
    stopA();
    stopA();
    stopB();
    hub.subscribe('c', () => undefined);
    stopWatching();
    hub.subscribe('d', () => undefined);
    expect(told).toEqual([true, false, true]);
  });

  it('calls the listeners of the notified topic only, until they unsubscribe', () => {
    const hub = createNoticeHub();
    const calls: string[] = [];
    const stopA = hub.subscribe('a', () => calls.push('a1'));
    hub.subscribe('a', () => calls.push('a2'));
    hub.subscribe('b', () => calls.push('b'));
    hub.notify('a');
    stopA();
    stopA();
    hub.notify('a');
    hub.notify('c');
    expect(calls).toEqual(['a1', 'a2', 'a2']);
    expect(hub.size()).toBe(2);
  });

  it('lets the same function subscribe twice and counts each subscription', () => {
    const hub = createNoticeHub();
    let calls = 0;
    const listener = () => (calls += 1);
    const first = hub.subscribe('t', listener);
    hub.subscribe('t', listener);
    hub.notify('t');
    first();
    hub.notify('t');
    expect(calls).toBe(3);
  });

  it('wakes every listener on resync, except one unsubscribed meanwhile', () => {
    const hub = createNoticeHub();
    const calls: string[] = [];
    let stopB = (): void => undefined;
    hub.subscribe('a', () => {
      calls.push('a');
      stopB();
    });
    stopB = hub.subscribe('b', () => calls.push('b'));
    hub.resync();
    expect(calls).toEqual(['a']);
    hub.resync();
    expect(calls).toEqual(['a', 'a']);
  });
  it("counts each topic's notices and every resync in its generation", () => {
    const hub = createNoticeHub();
    hub.subscribe('a', () => undefined);
    const before = hub.generation('a');
    hub.notify('b');
    expect(hub.generation('a')).toBe(before);
    hub.notify('a');
    const afterNotice = hub.generation('a');
    expect(afterNotice).toBeGreaterThan(before);
    hub.resync();
    expect(hub.generation('a')).toBeGreaterThan(afterNotice);
  });
});

describe('topicsOfNotice', () => {
  it('maps a trade step notice to its key and trade topics, a market notice to its market topic', () => {
    const apiKeyId = '11111111-1111-4111-8111-111111111111';
    const tradeId = '22222222-2222-4222-8222-222222222222';
    expect(topicsOfNotice({ apiKeyId, tradeId, seq: 3 })).toEqual([keyTopic(apiKeyId), tradeTopic(tradeId)]);
    expect(topicsOfNotice({ marketId: 'm1' })).toEqual([marketTopic('m1')]);
  });
});
