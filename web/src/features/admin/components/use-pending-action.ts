import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs an async action once at a time and says whether it is running: a dialog's confirm button shows a spinner and
 * ignores further clicks meanwhile. The action reports its own failure (toast); a rejection is swallowed here.
 */
export function usePendingAction<Args extends unknown[]>(action: (...args: Args) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (...args: Args) => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      try {
        await action(...args);
      } catch {
        // The caller already told the user; the dialog stays open for another try.
      } finally {
        running.current = false;
        if (mounted.current) setPending(false);
      }
    },
    [action],
  );

  return [run, pending] as const;
}
