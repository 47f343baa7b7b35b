import { useEffect, useState } from 'react';

/**
 * The current time, read once when the component mounts and again every `everyMs`: what a
 * countdown (a pending request's time left) renders from, instead of reading the clock during
 * render.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
