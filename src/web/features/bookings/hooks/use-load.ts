import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  /** the answer for the current key, or null while it loads or after it failed */
  data: T | null;
  /** the answer for an earlier key, kept on screen while the next one loads */
  previous: T | null;
  loading: boolean;
  error: boolean;
  /** ask again for the current key */
  retry: () => void;
}

/**
 * Loads `load()` for `key` (null: nothing to load yet), again whenever the key changes or on
 * `retry`; an answer for an older key is never shown as the current one. Loading is derived from
 * the key, not set in the effect.
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const current = key === null ? null : `${key}#${attempt}`;
  const [state, setState] = useState<{
    key: string;
    data: T | null;
    error: boolean;
    /** the last answer that arrived, whatever its key */
    last: T | null;
  } | null>(null);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    if (current === null) return;
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => setState({ key: current, data, error: false, last: data }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError' && !controller.signal.aborted)
          setState((prev) => ({ key: current, data: null, error: true, last: prev?.last ?? null }));
      },
    );
    return () => controller.abort();
  }, [current]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const mine = state !== null && state.key === current;
  return {
    data: mine ? state.data : null,
    previous: state?.last ?? null,
    loading: current !== null && !mine,
    error: mine && state.error,
    retry,
  };
}
