import { useCallback, useEffect, useState } from 'react';

export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

type State<T> =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; items: T[]; nextCursor: string | null };

/**
 * A list read in keyset pages ("more" appends the next one): the first page loads now and again
 * whenever `key` changes (a filter) or `reload` is called; an answer for another key or attempt,
 * or an aborted one, is never shown, and a failed "more" keeps what is on screen. `replace` puts
 * an updated item in place.
 */
export function useKeysetPages<T extends { id: string }>(
  key: string,
  load: (cursor: string | null, signal?: AbortSignal) => Promise<KeysetPage<T>>,
) {
  const [attempt, setAttempt] = useState(0);
  const current = `${attempt}:${key}`;
  const [held, setHeld] = useState<{ of: string; state: State<T> } | null>(null);
  const [more, setMore] = useState<{ of: string; status: 'loading' | 'error' } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    load(null, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted)
          setHeld({ of: current, state: { status: 'ready', ...page } });
      },
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError' && !controller.signal.aborted)
          setHeld({ of: current, state: { status: 'error' } });
      },
    );
    return () => controller.abort();
    // `load` follows `key`: the key and the attempt alone decide when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const state: State<T> = held?.of === current ? held.state : { status: 'loading' };
  const moreStatus = more?.of === current ? more.status : 'idle';

  const loadMore = async () => {
    if (state.status !== 'ready' || !state.nextCursor || moreStatus === 'loading') return;
    setMore({ of: current, status: 'loading' });
    try {
      const page = await load(state.nextCursor);
      setHeld((h) =>
        h?.of === current && h.state.status === 'ready'
          ? {
              of: current,
              state: {
                status: 'ready',
                items: [...h.state.items, ...page.items],
                nextCursor: page.nextCursor,
              },
            }
          : h,
      );
      setMore(null);
    } catch {
      setMore({ of: current, status: 'error' });
    }
  };

  const replace = useCallback(
    (item: T) =>
      setHeld((h) =>
        h && h.state.status === 'ready'
          ? {
              ...h,
              state: { ...h.state, items: h.state.items.map((i) => (i.id === item.id ? item : i)) },
            }
          : h,
      ),
    [],
  );
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { state, more: moreStatus, loadMore, replace, reload };
}
