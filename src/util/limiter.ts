/**
 * At most `concurrency` tasks run at once; the rest wait in arrival order. One limiter is shared by
 * every request a target makes (and may be shared between targets), so `--concurrency` bounds the
 * number of open requests however many problems or samples are in flight.
 */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks that may run at once. */
  readonly concurrency: number;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  let active = 0;
  const queue: (() => void)[] = [];
  const release = (): void => {
    active--;
    const next = queue.shift();
    if (next !== undefined) {
      active++;
      next();
    }
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) active++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    concurrency,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
