import { ATTEMPT_LIMITS, signInDelayMs, type AttemptCounter } from './attempt-counter.ts';

/** How a sign-in ended, for its counters. */
export type SignInOutcome = 'failed' | 'succeeded' | 'other';

export interface SignInAttempt {
  /** Keeps the attempt as a failure, or gives it back (a success also clears the pair's lock-out). */
  settle(outcome: SignInOutcome): Promise<void>;
}

/**
 * Takes one sign-in attempt from every counter that limits it — per address, per account and
 * address, per account — *before* the password is checked, so fifty simultaneous attempts cannot
 * all pass a check that reads the counts first (each `hit` is one atomic increment, in memory or
 * in Redis). Returns null when one of them is full: the attempt is refused without being
 * verified and given back to the counters it took, so refused attempts never add to a lock-out.
 * Otherwise the caller settles it once the answer is known: a failure stays counted, anything else
 * is given back.
 *
 * Growing delays (issue 37): the `n`th attempt on an account in its hour, past the first few, also
 * takes the account's delay slot — a key that lives `signInDelayMs(n)` from the first attempt that
 * takes it. Whoever finds the slot taken is refused (and gives back its other counters), so
 * attempts from any number of addresses, simultaneous or not, are checked one per delay. The slot
 * is never given back on a refusal (it ends by its time); a success frees it.
 */
export async function takeSignInAttempt(
  counter: AttemptCounter,
  ip: string,
  account: string,
): Promise<SignInAttempt | null> {
  const pairKey = `sign-in-failed:pair:${account}|${ip}`;
  const limits = [
    { key: `sign-in-failed:ip:${ip}`, ...ATTEMPT_LIMITS.failedSignInPerAddress },
    ...(account
      ? [
          { key: pairKey, ...ATTEMPT_LIMITS.failedSignInPerAccountAndAddress },
          { key: `sign-in-failed:account:${account}`, ...ATTEMPT_LIMITS.failedSignInPerAccount },
        ]
      : []),
  ];
  const delayKey = `sign-in-delay:account:${account}`;
  const taken: string[] = [];
  const giveBack = () => Promise.all(taken.map((key) => counter.release(key)));
  for (const limit of limits) {
    const n = await counter.hit(limit.key, limit.windowMs);
    taken.push(limit.key);
    if (n > limit.max) {
      await giveBack();
      return null;
    }
    if (limit.key === `sign-in-failed:account:${account}`) {
      const delay = signInDelayMs(n);
      if (delay > 0 && (await counter.hit(delayKey, delay)) > 1) {
        await giveBack();
        return null;
      }
    }
  }
  return {
    async settle(outcome) {
      if (outcome === 'failed') return;
      await giveBack();
      if (outcome === 'succeeded' && account) {
        await counter.reset(pairKey);
        await counter.reset(delayKey);
      }
    },
  };
}
