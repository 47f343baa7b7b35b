/**
 * The numbers of conversations (issue 34) that the browser and the server share, without zod (the
 * space page's chunk carries them: schemas/messages.ts has the request and answer shapes).
 */
export const MESSAGE_TEXT_MAX = 2000;
export const REPORT_REASON_MAX = 500;
export const INBOX_PAGE_SIZE = 20;
export const THREAD_PAGE_SIZE = 50;

/** How fast a host answers, shown once there are this many answered openings in 90 days. */
export const RESPONSE_TIME_MIN_SAMPLES = 3;
export const RESPONSE_TIME_DAYS = 90;

/** Client constants of the live connection (product spec: realtime). */
export const LIVE_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const LIVE_HEARTBEAT_MS = 30_000;
export const LIVE_TIMEOUT_MS = 10_000;

/** "usually answers within …": the whole hours (or minutes under an hour) a median rounds up to. */
export function responseTimeBucket(minutes: number): {
  unit: 'minutes' | 'hours' | 'days';
  n: number;
} {
  if (minutes <= 60) return { unit: 'minutes', n: Math.max(5, Math.ceil(minutes / 5) * 5) };
  if (minutes <= 24 * 60) return { unit: 'hours', n: Math.ceil(minutes / 60) };
  return { unit: 'days', n: Math.ceil(minutes / (24 * 60)) };
}
