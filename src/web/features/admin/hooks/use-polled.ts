import { useCallback, useEffect, useRef, useState } from 'react';

/** How often a list of the review desk asks again while the tab is visible (docs/decisions/017). */
export const ADMIN_POLL_MS = 15_000;

interface Polled<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads `load()` now, again whenever `key` changes, every 15 s while the page is visible, and at
 * once when the tab becomes visible again — so new pending items appear without a reload. The
 * last answer stays on screen while the next one loads.
 */
export function usePolled<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Polled<T> {
  const [state, setState] = useState<{ key: string; data: T | null; error: Error | null }>({
    key,
    data: null,
    error: null,
  });
  const [loading, setLoading] = useState(true);
  const loader = useRef(load);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => {
    loader.current = load;
  });

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const data = await loader.current(controller.signal);
      if (!controller.signal.aborted) setState({ key, data, error: null });
    } catch (error) {
      if (controller.signal.aborted || (error as Error).name === 'AbortError') return;
      setState((prev) => ({
        key,
        data: prev.key === key ? prev.data : null,
        error: error as Error,
      }));
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  }, [key]);

  useEffect(() => {
    void reload();
    const tick = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    const timer = window.setInterval(tick, ADMIN_POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      inFlight.current?.abort();
    };
  }, [reload]);

  const current = state.key === key;
  return {
    data: current ? state.data : null,
    error: current ? state.error : null,
    loading,
    reload,
  };
}
