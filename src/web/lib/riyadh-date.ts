import { RIYADH_UTC_OFFSET_MINUTES } from '#shared/constants.ts';

/** Today's date in Riyadh as `YYYY-MM-DD`, whatever the device's time zone. */
export function todayInRiyadh(now: Date = new Date()): string {
  return new Date(now.getTime() + RIYADH_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
