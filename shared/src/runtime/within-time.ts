/**
 * `work`'s answer, or a rejection (`<what> took over <ms> ms`, or `timedOut()`'s error) once `ms` have passed
 * without one: a hung dependency (a Redis that keeps its connection but never answers) fails the caller instead of
 * holding it. The work itself is not stopped; its late answer is dropped.
 */
export function withinTime<T>(
  work: () => Promise<T> | T,
  ms: number,
  what: string,
  timedOutError: () => Error = () => new Error(`${what} took over ${ms} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOutError()), ms);
  });
  // A call that throws synchronously rejects like one that fails later.
  const answered = Promise.resolve().then(work);
  return Promise.race([answered, timedOut]).finally(() => clearTimeout(timer));
}
