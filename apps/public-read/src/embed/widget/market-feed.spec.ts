import { describe, expect, it } from '@jest/globals';
import { openMarketFeed, SILENCE_LIMIT_MS, type FeedSource, type FeedTimers } from './market-feed.js';

/** A clock whose timers run only when the spec advances it. */
function manualClock(): FeedTimers & { advance(ms: number): void } {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout(run, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(id) {
      pending.delete(id);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
  };
}

class FakeSource implements FeedSource {
  readyState = 1;
  closed = false;
  readonly #listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = '{}'): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

const market = JSON.stringify({
  market: {
    id: 'm-1',
    question: 'Rain?',
    status: 'open',
    totalVolume: 10,
    outcomes: [
      { label: 'YES', probability: 0.6 },
      { label: 'NO', probability: 0.4 },
    ],
  },
});

function startFeed() {
  const clock = manualClock();
  const sources: FakeSource[] = [];
  const staleChanges: boolean[] = [];
  const states: boolean[] = [];
  const feed = openMarketFeed(
    'https://foretell.example/api/markets/m-1/stream',
    { onMarket: (_view, afterGap) => states.push(afterGap), onStale: (stale) => staleChanges.push(stale) },
    {
      timers: clock,
      random: () => 0,
      openSource: () => {
        const source = new FakeSource();
        sources.push(source);
        return source;
      },
    },
  );
  return { clock, sources, staleChanges, states, feed };
}

describe('openMarketFeed watchdog', () => {
  it('stays live while heartbeats keep arriving, however long the market is quiet', () => {
    const { clock, sources, staleChanges } = startFeed();
    sources[0]!.emit('snapshot', market);
    for (let beat = 0; beat < 10; beat += 1) {
      clock.advance(15_000);
      sources[0]!.emit('heartbeat');
    }
    expect(staleChanges).toEqual([]);
    expect(sources).toHaveLength(1);
  });

  it('marks itself stale after 2.5 heartbeats of silence, drops the dead connection and reopens', () => {
    const { clock, sources, staleChanges } = startFeed();
    sources[0]!.emit('snapshot', market);
    clock.advance(SILENCE_LIMIT_MS - 1);
    expect(staleChanges).toEqual([]);
    clock.advance(1);
    expect(staleChanges).toEqual([true]);
    expect(sources[0]!.closed).toBe(true);
    clock.advance(1_000);
    expect(sources).toHaveLength(2);
  });

  it('recovers on the next state, which it reports as following a gap', () => {
    const { clock, sources, staleChanges, states } = startFeed();
    sources[0]!.emit('snapshot', market);
    clock.advance(SILENCE_LIMIT_MS + 1_000);
    sources[1]!.emit('snapshot', market);
    expect(staleChanges).toEqual([true, false]);
    expect(states).toEqual([false, true]);
  });

  it('arms no timers after close', () => {
    const { clock, sources, staleChanges, feed } = startFeed();
    feed.close();
    clock.advance(SILENCE_LIMIT_MS * 4);
    expect(staleChanges).toEqual([]);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(true);
  });
});
