import { useSyncExternalStore } from 'react';

/**
 * A page that ends the session itself (deleting the account ends every session on the server)
 * says so while it moves home, so the header stops asking for the unread count: asked in
 * between, that question would meet a 401. Sign-out has its own flag in the header.
 */
let ending = false;
const listeners = new Set<() => void>();

export function markSessionEnding(value: boolean) {
  ending = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSessionEnding(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ending,
    () => false,
  );
}
