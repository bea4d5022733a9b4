import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';

/**
 * `callback` at most once per `ms`: at once the first time, then once more at the end of the wait for
 * calls made during it. Live events can come by the hundred a second; the reads they trigger must not.
 */
export function useThrottled(callback: () => void, ms: number): () => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  const state = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; pending: boolean }>({
    timer: undefined,
    pending: false,
  });
  useEffect(() => {
    const current = state.current;
    return () => clearTimeout(current.timer);
  }, []);
  return useMemo(() => {
    const run = () => {
      const s = state.current;
      if (s.timer) {
        s.pending = true;
        return;
      }
      latest.current();
      s.timer = setTimeout(function flush() {
        s.timer = undefined;
        if (!s.pending) return;
        s.pending = false;
        run();
      }, ms);
    };
    return run;
  }, [ms]);
}
