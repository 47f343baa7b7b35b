import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The toast queue (docs/product-spec.md §3, §4, §9): at most one toast on screen; a new one
 * replaces the old; each can be dismissed or updated through what `toast()` returns.
 */
export interface ToastInput {
  variant?: 'default' | 'destructive';
  title?: ReactNode;
  description?: ReactNode;
  /** An optional action button: its label, and what a screen reader hears instead. */
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastState extends ToastInput {
  id: string;
  open: boolean;
}

export const TOAST_LIMIT = 1;
/** How long a closed toast stays mounted for its exit animation. */
const REMOVE_DELAY_MS = 300;

let toasts: ToastState[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastState[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
}

const firstToastListeners = new Set<() => void>();
/** Lets the lazily loaded toaster mount as soon as the first toast is asked for. */
export function onFirstToast(listener: () => void) {
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}

export function toast(input: ToastInput) {
  for (const listener of firstToastListeners) listener();
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  // The newest first; older ones beyond the limit are dropped at once (replaced, not stacked).
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastState[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
