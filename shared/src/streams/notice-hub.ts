/**
 * In-process fan-out of live notices (decision 0022): the replica's notice subscriber hands each notice to the hub,
 * which calls the listeners of its topic. Listeners only learn "look again": the database is the source of truth,
 * so a lost or duplicated notice costs a read, never an event. `resync` tells everyone to look again (after the
 * subscriber reconnected, notices sent meanwhile are gone).
 */
export type NoticeListener = () => void;

export interface NoticeHub {
  /** Calls `listener` on every notice of `topic` until the returned function is called. */
  subscribe(topic: string, listener: NoticeListener): () => void;
  /** Delivers a notice to the listeners of `topic` (synchronously, each one once). */
  notify(topic: string): void;
  /** Wakes every listener of every topic. */
  resync(): void;
  /** Open subscriptions (metrics, tests). */
  size(): number;
  /**
   * Calls `watcher(true)` when the hub gains its first subscription and `watcher(false)` when it loses its last
   * (the subscriber binds its queue only while someone listens). Returns the function that stops watching.
   */
  watchListened(watcher: (listened: boolean) => void): () => void;
  /**
   * How many notices of `topic` (or resyncs) this hub has delivered: two reads started in the same generation both
   * began after the latest notice, so they may share one query.
   */
  generation(topic: string): number;
}

/** Topic of a key's event stream. */
export const keyTopic = (apiKeyId: string): string => `key:${apiKeyId}`;
/** Topic of one trade (waiting reads). */
export const tradeTopic = (tradeId: string): string => `trade:${tradeId}`;
/** Topic of one market (public market streams). */
export const marketTopic = (marketId: string): string => `market:${marketId}`;

export function createNoticeHub(): NoticeHub {
  const topics = new Map<string, Set<NoticeListener>>();
  const generations = new Map<string, number>();
  let resyncs = 0;
  let count = 0;
  const watchers = new Set<(listened: boolean) => void>();
  const tell = (listened: boolean): void => {
    for (const watcher of [...watchers]) watcher(listened);
  };
  const call = (listeners: Iterable<NoticeListener>): void => {
    // A copy: a listener may unsubscribe (or subscribe another) while we iterate.
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(topic, listener) {
      let listeners = topics.get(topic);
      if (!listeners) topics.set(topic, (listeners = new Set()));
      const entry: NoticeListener = () => listener();
      listeners.add(entry);
      count += 1;
      if (count === 1) tell(true);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        count -= 1;
        listeners.delete(entry);
        if (listeners.size === 0 && topics.get(topic) === listeners) {
          topics.delete(topic);
          generations.delete(topic);
        }
        if (count === 0) tell(false);
      };
    },
    notify(topic) {
      const listeners = topics.get(topic);
      if (!listeners) return;
      generations.set(topic, (generations.get(topic) ?? 0) + 1);
      call(listeners);
    },
    resync() {
      resyncs += 1;
      for (const listeners of [...topics.values()]) call(listeners);
    },
    size: () => count,
    watchListened(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    generation: (topic) => resyncs * 1_000_000_000 + (generations.get(topic) ?? 0),
  };
}
