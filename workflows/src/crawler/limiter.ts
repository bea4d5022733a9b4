/** Runs at most `concurrency` tasks at once; the rest wait in arrival order, so no crawl starves another. */
export function createLimiter(concurrency: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    active--;
    waiting.shift()?.();
  };
  return async (work) => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      release();
    }
  };
}
