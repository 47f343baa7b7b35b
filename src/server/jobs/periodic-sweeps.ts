import type { Config } from '../env.ts';
import { completeEndedBookings } from '../features/bookings/complete-bookings.ts';
import {
  expireDueRequests,
  remindAdminsOfWaitingRequests,
} from '../features/bookings/request-sweeps.ts';
import type { PeriodicSweep } from './sweeps.ts';

/**
 * Every periodic sweep of the app (jobs/sweeps.ts; docs/decisions/031-periodic-sweeps.md). Add one
 * line per sweep: its name (stable: it is in the jobs' dedupe keys), how often, and the function
 * `(db, now)` from its feature that handles what is due.
 */
export function periodicSweeps(
  config: Pick<Config, 'publicUrl' | 'requests' | 'mail' | 'worker'>,
): PeriodicSweep[] {
  const everyMs = config.worker.sweepEveryMs;
  const settings = {
    ttlHours: config.requests.ttlHours,
    reminderHours: config.requests.reminderHours,
    publicUrl: config.publicUrl,
    teamEmail: config.mail.teamEmail,
  };
  return [
    { name: 'expire-requests', everyMs, run: (db, now) => expireDueRequests(db, now, settings) },
    {
      name: 'remind-admins',
      everyMs,
      run: (db, now) => remindAdminsOfWaitingRequests(db, now, settings),
    },
    {
      name: 'complete-ended-bookings',
      everyMs,
      run: (db, now) => completeEndedBookings(db, now, { publicUrl: config.publicUrl }),
    },
  ];
}
