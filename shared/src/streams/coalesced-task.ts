/**
 * Runs an async task at most once at a time; a request while it runs schedules exactly one more run after it
 * (requests coalesce). Streams use it so that a burst of notices costs one read, and no notice is lost between
 * reading and finishing.
 */
export interface CoalescedTask {
  /** Asks for a run: now if idle, else once after the current run. */
  request(): void;
  /** Resolves when no run is in progress or pending. */
  idle(): Promise<void>;
  /** No further runs start. */
  stop(): void;
}

export function coalescedTask(run: () => Promise<void>, onError: (error: unknown) => void): CoalescedTask {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const loop = async (): Promise<void> => {
    do {
      again = false;
      try {
        await run();
      } catch (error) {
        onError(error);
      }
    } while (again && !stopped);
    running = undefined;
  };
  return {
    request() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = loop();
    },
    idle: async () => {
      while (running) await running;
    },
    stop() {
      stopped = true;
      again = false;
    },
  };
}
