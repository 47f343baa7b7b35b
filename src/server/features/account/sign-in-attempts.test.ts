import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS, createMemoryCounter, signInDelayMs } from './attempt-counter.ts';
import { takeSignInAttempt } from './sign-in-attempts.ts';

/**
 * The per-account ceiling from any address (issue 37, ASVS 2.2.1): no 60 minutes hold more than
 * 100 checked attempts on one account, however the attempts are spread over time and addresses,
 * and past the first few each waits a growing delay. A fake clock walks two and a half hours.
 */
describe('sign-in attempts on one account from any address', () => {
  it('delays grow 1 s, 2 s, 4 s … to 60 s after the first 10 of an hour', () => {
    const free = ATTEMPT_LIMITS.signInFreeBeforeDelay;
    expect([1, free].map(signInDelayMs)).toEqual([0, 0]);
    expect([free + 1, free + 2, free + 3, free + 4].map(signInDelayMs)).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(signInDelayMs(free + 7)).toBe(60_000);
    expect(signInDelayMs(free + 40)).toBe(60_000);
  });

  it('checks at most 100 in any 60 minutes of an attacker trying every 250 ms from new addresses', async () => {
    let now = Date.UTC(2026, 10, 28, 10, 0, 0);
    const counter = createMemoryCounter(() => now);
    const checked: number[] = [];
    for (let i = 0; now < Date.UTC(2026, 10, 28, 12, 30, 0); i += 1) {
      const attempt = await takeSignInAttempt(counter, `10.9.${(i >> 8) & 255}.${i & 255}`, 'acct');
      if (attempt) {
        checked.push(now);
        await attempt.settle('failed');
      }
      now += 250;
    }
    let most = 0;
    for (let a = 0, b = 0; b < checked.length; b += 1) {
      while (checked[b]! - checked[a]! >= 60 * 60_000) a += 1;
      most = Math.max(most, b - a + 1);
    }
    expect(most).toBeLessThanOrEqual(100);
    // The hour's first 10 pass at once, and the 11th (it takes the delay slot); then each waits
    // longer than the one before it, up to 60 s.
    expect(checked[10]! - checked[0]!).toBeLessThan(3000);
    const gaps = checked.slice(11, 18).map((at, k) => at - checked[10 + k]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(1000);
    for (let k = 1; k < gaps.length; k += 1) expect(gaps[k]).toBeGreaterThanOrEqual(gaps[k - 1]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000 + 250);
  });

  it('lets 11 of 50 simultaneous attempts from 50 addresses be checked', async () => {
    const counter = createMemoryCounter(() => 1_000_000);
    const taken = await Promise.all(
      Array.from({ length: 50 }, (_, i) => takeSignInAttempt(counter, `10.8.0.${i}`, 'acct')),
    );
    expect(taken.filter(Boolean)).toHaveLength(ATTEMPT_LIMITS.signInFreeBeforeDelay + 1);
  });

  it('a success frees the delay: the owner is not kept waiting after signing in', async () => {
    let now = 5_000_000;
    const counter = createMemoryCounter(() => now);
    for (let i = 0; i < ATTEMPT_LIMITS.signInFreeBeforeDelay; i += 1)
      await (await takeSignInAttempt(counter, `10.7.0.${i}`, 'acct'))!.settle('failed');
    const owner = await takeSignInAttempt(counter, '10.7.1.1', 'acct');
    expect(owner).not.toBeNull();
    // Within the delay, another address is refused…
    expect(await takeSignInAttempt(counter, '10.7.2.2', 'acct')).toBeNull();
    await owner!.settle('succeeded');
    now += 10;
    // …and once the owner has signed in, the next attempt is checked at once.
    expect(await takeSignInAttempt(counter, '10.7.3.3', 'acct')).not.toBeNull();
  });
});
