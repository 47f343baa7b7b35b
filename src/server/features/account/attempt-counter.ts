/**
 * Counts attempts per key in fixed windows — sign-ups per address, failed sign-ins per address
 * and per account. In memory by default; the same interface over Redis shares the counts between
 * instances (REDIS_URL).
 */
export interface AttemptCounter {
  /** Attempts counted in the current window. */
  count(key: string): Promise<number>;
  /** Counts one attempt; returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Gives back one attempt counted by `hit` (never below zero). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createMemoryCounter(now: () => number = Date.now): AttemptCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, endsAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 50_000) for (const k of windows.keys()) if (!live(k)) windows.delete(k);
      return entry.count;
    },
    async release(key) {
      const entry = live(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * The account limits (issue "Accounts"): generous for people, tight for scripts. A sign-in is
 * locked out per account *and* address (5 failures), so a stranger's wrong guesses do not lock
 * the owner out elsewhere; the per-account ceiling from any addresses stops a guessing script
 * spread over many addresses: 50 in a fixed hour, so no 60 minutes hold more than 100 (ASVS
 * 2.2.1; issue 37 — it was 30 per 15 minutes, 120 an hour), and past the first 10 of an hour each
 * attempt waits for the one before it by a growing delay (`signInDelayMs`).
 */
export const ATTEMPT_LIMITS = {
  signUpPerAddress: { max: 5, windowMs: 60 * 60_000 },
  failedSignInPerAddress: { max: 20, windowMs: 15 * 60_000 },
  failedSignInPerAccountAndAddress: { max: 5, windowMs: 15 * 60_000 },
  failedSignInPerAccount: { max: 50, windowMs: 60 * 60_000 },
  /** attempts on one account in its hour before the growing delays start */
  signInFreeBeforeDelay: 10,
  /** the longest delay between two attempts on one account */
  signInDelayMaxMs: 60_000,
  phoneCodesPerAddress: { max: 10, windowMs: 60 * 60_000 },
  /**
   * Password resets (issue 38): requests for a link or an SMS code, per address and per email or
   * number (whether or not an account has it, so the limit reveals nothing); attempts to use a
   * link or code per address; changes on the account page per account.
   */
  resetRequestsPerAddress: { max: 10, windowMs: 60 * 60_000 },
  resetRequestsPerAccount: { max: 3, windowMs: 60 * 60_000 },
  resetAttemptsPerAddress: { max: 20, windowMs: 60 * 60_000 },
  passwordChangesPerAccount: { max: 10, windowMs: 15 * 60_000 },
} as const;

/**
 * The wait before the `n`th attempt on one account in its hour (from any address) may be checked
 * after the one before it: none for the first 10 (twice the per-address lock-out, so an owner's
 * own typos never meet a delay), then 1 s, 2 s, 4 s … doubling to at most 60 s. Fifty attempts
 * then take at least ~35 minutes, and a burst from fifty addresses at once is checked 11 times.
 */
export function signInDelayMs(n: number): number {
  const past = n - ATTEMPT_LIMITS.signInFreeBeforeDelay;
  if (past <= 0) return 0;
  return Math.min(1000 * 2 ** (past - 1), ATTEMPT_LIMITS.signInDelayMaxMs);
}
