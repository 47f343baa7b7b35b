import { describe, expect, it } from 'vitest';
import { sendMessageSchema } from './messages.ts';
import { LIVE_RECONNECT_DELAYS_MS, responseTimeBucket } from '../domain/messages.ts';

describe('messages rules', () => {
  it('rounds a median answer time up to what the page says', () => {
    expect(responseTimeBucket(3)).toEqual({ unit: 'minutes', n: 5 });
    expect(responseTimeBucket(42)).toEqual({ unit: 'minutes', n: 45 });
    expect(responseTimeBucket(60)).toEqual({ unit: 'minutes', n: 60 });
    expect(responseTimeBucket(61)).toEqual({ unit: 'hours', n: 2 });
    expect(responseTimeBucket(24 * 60)).toEqual({ unit: 'hours', n: 24 });
    expect(responseTimeBucket(24 * 60 + 1)).toEqual({ unit: 'days', n: 2 });
  });

  it('keeps the spec’s reconnect delays', () => {
    expect(LIVE_RECONNECT_DELAYS_MS).toEqual([1_000, 2_000, 5_000, 10_000]);
  });

  it('takes 1 to 2,000 characters after trimming', () => {
    expect(sendMessageSchema.safeParse({ body: '  سؤال  ' }).data).toEqual({ body: 'سؤال' });
    expect(sendMessageSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ body: 'x'.repeat(2000) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ body: 'x'.repeat(2001) }).success).toBe(false);
  });
});
