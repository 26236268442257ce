/**
 * Whether an app is shutting down. createHttpApp registers one per app; startHttpServer's close() flips it so the
 * ready endpoint answers 503 from that moment.
 */
export interface AppLifecycle {
  readonly shuttingDown: boolean;
  markShuttingDown(): void;
  /** Runs `listener` once when shutdown starts (open streams end, so the drain is not held by them). */
  onShuttingDown(listener: () => void): void;
}

const lifecycles = new WeakMap<object, AppLifecycle>();

export function createLifecycle(): AppLifecycle {
  let shuttingDown = false;
  const listeners: Array<() => void> = [];
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    markShuttingDown() {
      if (shuttingDown) return;
      shuttingDown = true;
      for (const listener of listeners.splice(0)) listener();
    },
    onShuttingDown(listener) {
      if (shuttingDown) listener();
      else listeners.push(listener);
    },
  };
}

export function registerLifecycle(app: object, lifecycle: AppLifecycle): void {
  lifecycles.set(app, lifecycle);
}

/** Marks an app built by createHttpApp as not ready (no-op for other apps). */
export function markShuttingDown(app: object): void {
  lifecycles.get(app)?.markShuttingDown();
}

/** Runs `listener` when an app built by createHttpApp starts shutting down (no-op for other apps). */
export function onAppShuttingDown(app: object, listener: () => void): void {
  lifecycles.get(app)?.onShuttingDown(listener);
}
