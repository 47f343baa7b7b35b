/**
 * Completed bookings and their reviews for the demo (issue 18), so a fresh install's space pages
 * show ratings, search can sort by them, and the demo renter has a completed booking still to
 * review. Dates are days before the seeding day, on a day the space is open.
 */
import { RIYADH_UTC_OFFSET_MINUTES, type Day } from '#shared/constants.ts';

export type DemoReviewer = 'renter' | 'guest' | 'noura' | 'abdullah';

export interface DemoReviewPlan {
  /** which of the seeded approved spaces (in seed order) */
  spaceIndex: number;
  reviewer: DemoReviewer;
  /** the first open day at least this many days back */
  daysAgo: number;
  /** hours after the space opens */
  startOffsetHours: number;
  hours: number;
  guests: number;
  /** null: completed and not reviewed yet */
  review: { stars: number; body: string | null; hostReply?: string } | null;
}

/** Renters without a password who wrote some of the demo's reviews. */
export const DEMO_REVIEWERS = {
  noura: { email: 'noura.reviewer@hourspace.sa', fullName: 'نورة الشمري', phone: '+966500000005' },
  abdullah: {
    email: 'abdullah.reviewer@hourspace.sa',
    fullName: 'Abdullah Al-Qahtani',
    phone: '+966500000006',
  },
} as const;

export const DEMO_REVIEWS: DemoReviewPlan[] = [
  {
    spaceIndex: 0,
    reviewer: 'guest',
    daysAgo: 20,
    startOffsetHours: 1,
    hours: 2,
    guests: 6,
    review: {
      stars: 5,
      body: 'قاعة مرتبة وهادئة، والشاشة والاتصال بالإنترنت ممتازان. أنهينا اجتماع مجلس الإدارة دون أي انقطاع.',
      hostReply: 'شكرًا لك على كلماتك الطيبة، يسعدنا استقبالكم مرة أخرى.',
    },
  },
  {
    spaceIndex: 0,
    reviewer: 'abdullah',
    daysAgo: 12,
    startOffsetHours: 3,
    hours: 2,
    guests: 8,
    review: {
      stars: 4,
      body: 'Great location in the financial district and a professional setting. Parking was a little hard to find.',
    },
  },
  {
    spaceIndex: 1,
    reviewer: 'noura',
    daysAgo: 9,
    startOffsetHours: 2,
    hours: 3,
    guests: 3,
    review: {
      stars: 5,
      body: 'الإضاءة الطبيعية رائعة للتصوير، والمضيف متعاون جدًا وجهّز لنا الخلفيات قبل وصولنا.',
    },
  },
  {
    spaceIndex: 1,
    reviewer: 'renter',
    daysAgo: 25,
    startOffsetHours: 1,
    hours: 2,
    guests: 2,
    review: { stars: 4, body: null },
  },
  {
    spaceIndex: 2,
    reviewer: 'abdullah',
    daysAgo: 30,
    startOffsetHours: 2,
    hours: 4,
    guests: 80,
    review: {
      stars: 3,
      body: 'The hall is spacious and elegant, but the sound system needed a technician twice during our event.',
      hostReply: 'Thank you for the honest feedback. We have since replaced the sound system.',
    },
  },
  {
    spaceIndex: 3,
    reviewer: 'guest',
    daysAgo: 15,
    startOffsetHours: 1,
    hours: 2,
    guests: 2,
    review: {
      stars: 5,
      body: 'عزل صوتي ممتاز ومعدات تسجيل احترافية. سجلنا حلقتين كاملتين في وقت الحجز.',
    },
  },
  {
    spaceIndex: 3,
    reviewer: 'abdullah',
    daysAgo: 6,
    startOffsetHours: 4,
    hours: 2,
    guests: 3,
    review: {
      stars: 4,
      body: 'Good microphones and a comfortable room. The air conditioning was a bit loud.',
    },
  },
  {
    // The demo renter's completed booking that still waits for a review ("Review the space").
    spaceIndex: 3,
    reviewer: 'renter',
    daysAgo: 2,
    startOffsetHours: 2,
    hours: 1,
    guests: 2,
    review: null,
  },
];

const WEEKDAY: Day[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** Date and times of a past plan for a space, or null when the space's hours cannot hold it. */
export function demoPastSlot(
  plan: DemoReviewPlan,
  space: { opensAt: string; closesAt: string; availableDays: readonly string[] },
  now: Date,
): { date: string; startTime: string; endTime: string; hours: number; endsAt: Date } | null {
  const start = minutes(space.opensAt) + plan.startOffsetHours * 60;
  const end = start + plan.hours * 60;
  // A space open past midnight (16:00–02:00) closes the next day; demo bookings end before it.
  const opens = minutes(space.opensAt);
  const closes = minutes(space.closesAt) + (minutes(space.closesAt) <= opens ? 24 * 60 : 0);
  if (end > closes || end >= 24 * 60) return null;
  const riyadhNow = new Date(now.getTime() + RIYADH_UTC_OFFSET_MINUTES * 60_000);
  for (let ago = plan.daysAgo; ago < plan.daysAgo + 7; ago += 1) {
    const day = new Date(riyadhNow.getTime() - ago * 86_400_000);
    if (!space.availableDays.includes(WEEKDAY[day.getUTCDay()]!)) continue;
    const date = day.toISOString().slice(0, 10);
    return {
      date,
      startTime: hhmm(start),
      endTime: hhmm(end),
      hours: plan.hours,
      endsAt: new Date(`${date}T${hhmm(end)}:00+03:00`),
    };
  }
  return null;
}
