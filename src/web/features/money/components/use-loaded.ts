import { useCallback, useEffect, useState } from 'react';

/** Loads once, and again on `reload`; an aborted load is never shown. */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ attempt: number; data: T | null; error: boolean }>({
    attempt: -1,
    data: null,
    error: false,
  });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ attempt, data, error: false }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError' && !controller.signal.aborted)
          setState({ attempt, data: null, error: true });
      },
    );
    return () => controller.abort();
    // `load` is a module function: the attempt alone decides when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    data: state.data,
    error: state.error,
    loading: state.attempt !== attempt && !state.data,
    reload,
  };
}
