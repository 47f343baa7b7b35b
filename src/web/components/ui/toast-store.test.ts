import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, onFirstToast, toast, TOAST_LIMIT } from './toast-store.ts';

// The store is read through React in the app; here its state is read by subscribing.
import { useToasts } from './toast-store.ts';
vi.mock('react', () => ({
  useSyncExternalStore: (_subscribe: unknown, get: () => unknown) => get(),
}));

describe('toast store (docs/product-spec.md §4: at most one toast; a new one replaces the old)', () => {
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('keeps one toast at a time, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'first' });
    const second = toast({ title: 'second' });
    const toasts = useToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'second', open: true });
  });

  it('returns update and dismiss', () => {
    vi.useFakeTimers();
    const handle = toast({ title: 'Uploading…' });
    handle.update({ title: 'Uploaded', variant: 'default' });
    expect(useToasts()[0]).toMatchObject({ title: 'Uploaded', open: true });
    handle.dismiss();
    expect(useToasts()[0]).toMatchObject({ open: false });
    vi.advanceTimersByTime(1000);
    expect(useToasts()).toHaveLength(0);
  });

  it('tells the lazy toaster to load on the first toast', () => {
    const loaded = vi.fn();
    const stop = onFirstToast(loaded);
    toast({ title: 'x', variant: 'destructive' });
    expect(loaded).toHaveBeenCalledTimes(1);
    stop();
  });
});
