export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Polls `probe` until it returns a truthy value and resolves with that value; rejects with `description` (and the
 * last probe error, if any) once the deadline passes. Tests wait for conditions with this, never for time.
 */
export async function waitFor<T>(
  description: string,
  probe: () => T | Promise<T>,
  options: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const intervalMs = options.intervalMs ?? 20;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `Timed out waiting for ${description}`,
        lastError === undefined ? undefined : { cause: lastError },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
