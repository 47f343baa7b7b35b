/**
 * Runs `task` once the browser has nothing more urgent to do (after 1.5 s where there is no
 * requestIdleCallback); returns the cancel. For code a page will probably need soon but not to
 * become usable (the toaster, the wizard's photo uploader).
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1500);
  return () => window.clearTimeout(handle);
}
