/**
 * Whether an app is shutting down. createHttpApp registers one per app; startHttpServer's close() flips it so the
 * ready endpoint answers 503 from that moment.
 */
export interface AppLifecycle {
  readonly shuttingDown: boolean;
  markShuttingDown(): void;
}

const lifecycles = new WeakMap<object, AppLifecycle>();

export function createLifecycle(): AppLifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    markShuttingDown() {
      shuttingDown = true;
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
