import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  bookings,
  jobs,
  sessions,
  spaceImages,
  spaces,
  users,
} from '#server/db/schema.ts';
import { eraseDueAccounts } from '#server/features/account/account-deletion.ts';
import { recordPayment } from '#server/features/ledger/ledger.ts';
import { loadConfig } from '#server/env.ts';
import { FORMER_PERSON_NAME } from '#shared/domain/former-person.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import {
  createBooking,
  createReview,
  createSpace,
  createSpaceImage,
  createUser,
} from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { onPostgres } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * "Delete my account" (issue 38, decisions 063 and 071): refused with a stable code while the
 * person has an upcoming booking or request (as renter or host), a listed space or money owed;
 * otherwise a grace in which signing in cancels it (told by email both times); then the sweep
 * erases the personal data and keeps bookings, reviews and audit entries without identity; a
 * deletion racing a booking request: one wins, the other is refused.
 */
const PASSWORD = 'Riyadh#2026';

function daysFromNow(days: number): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function nextSunday(): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== 'sunday') d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe(`delete my account (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const db = () => t.deps.database.db;

  const remove = (cookie: string | undefined, payload: unknown = { confirm: true }, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      payload: payload as object,
      headers: {
        origin: t.config.publicUrl,
        'accept-language': lang,
        ...(cookie ? { cookie } : {}),
      },
    });

  async function person(extra: Parameters<typeof createUser>[1] = {}) {
    n += 1;
    const email = `delete-${n}@example.test`;
    const user = await createUser(db(), {
      email,
      password: PASSWORD,
      fullName: `Noura Test${n}`,
      phone: `+9665512${String(40000 + n).padStart(5, '0')}`,
      ...extra,
    });
    return { user, email, cookie: await signInCookie(t, email, PASSWORD) };
  }

  const mailsTo = async (email: string) => {
    await deliverMail(t);
    return (await sentMail(t)).filter((m) => recipient(m) === email);
  };

  it('needs a session and `confirm: true`', async () => {
    expect((await remove(undefined)).statusCode).toBe(401);
    const { cookie } = await person();
    for (const bad of [{}, { confirm: false }, { confirm: 'yes' }, { confirm: true, extra: 1 }]) {
      const res = await remove(cookie, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('is refused, in the person’s language, with an upcoming booking as renter or as host, a listed space or money owed', async () => {
    const host = await person();
    const renter = await person();
    const space = await createSpace(db(), { hostId: host.user.id, status: 'approved' });
    const booking = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.user.id,
      renterEmail: renter.email,
      date: daysFromNow(10),
      startTime: '10:00',
      endTime: '12:00',
      status: 'confirmed',
    });
    const asRenter = await remove(renter.cookie, undefined, 'ar');
    expect(asRenter.statusCode).toBe(409);
    expect(asRenter.json()).toMatchObject({
      error: {
        code: 'ACCOUNT_HAS_UPCOMING_BOOKINGS',
        message: expect.stringContaining('لا يمكن حذف الحساب'),
      },
    });
    expect((await remove(host.cookie)).json()).toMatchObject({
      error: { code: 'ACCOUNT_HAS_UPCOMING_BOOKINGS' },
    });
    // a pending request counts too: it may yet be confirmed
    await db().update(bookings).set({ status: 'pending' }).where(eq(bookings.id, booking.id));
    expect((await remove(renter.cookie)).json().error.code).toBe('ACCOUNT_HAS_UPCOMING_BOOKINGS');

    // once over, the host is still refused while the space is listed
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    const listed = await remove(host.cookie);
    expect(listed.statusCode).toBe(409);
    expect(listed.json().error.code).toBe('ACCOUNT_HAS_LISTED_SPACES');

    // archived, but a completed booking was paid and not paid out yet
    await db().update(spaces).set({ status: 'archived' }).where(eq(spaces.id, space.id));
    const past = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.user.id,
      renterEmail: renter.email,
      date: daysFromNow(-10),
      startTime: '10:00',
      endTime: '12:00',
      status: 'completed',
      totalHalalas: 46_000,
    });
    await recordPayment(
      db(),
      {
        bookingId: past.id,
        amountHalalas: 46_000,
        at: new Date(),
        paymentId: `pay-${past.id}`,
      },
      { feeBasisPoints: loadConfig({}).platformFeeBasisPoints },
    );
    const owed = await remove(host.cookie);
    expect(owed.statusCode).toBe(409);
    expect(owed.json().error.code).toBe('ACCOUNT_HAS_MONEY_OWED');

    // nothing was recorded by any refusal
    const [row] = await db().select().from(users).where(eq(users.id, host.user.id));
    expect(row!.deletionRequestedAt).toBeNull();
    // …and the renter, with only past bookings, may go
    expect((await remove(renter.cookie)).statusCode).toBe(202);
  });

  it('schedules the erasure, signs out everywhere and emails the person; signing in during the grace cancels it and says so', async () => {
    const { user, email, cookie } = await person({ locale: 'ar' });
    const other = await signInCookie(t, email, PASSWORD);
    const res = await remove(cookie);
    expect(res.statusCode, res.body).toBe(202);
    const answer = res.json<{ status: string; erasesAt: string }>();
    expect(answer.status).toBe('scheduled');
    const days = (new Date(answer.erasesAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    // asking again answers the same day (the session is gone: a new sign-in would cancel it)
    for (const c of [cookie, other]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c } });
      expect(me.statusCode).toBe(401);
    }
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const told = (await mailsTo(email)).find((m) => m.subject === 'طلب حذف حسابك في مساحة بالساعة');
    expect(told?.text).toContain('ادخل إلى حسابك قبل ذلك اليوم');

    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, user.id));
    expect(audit.map((a) => a.action)).toEqual(['account.delete_request']);

    // signing in cancels it
    await signInCookie(t, email, PASSWORD);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.deletionRequestedAt).toBeNull();
    const cancelled = (await mailsTo(email)).find(
      (m) => m.subject === 'أُلغي حذف حسابك في مساحة بالساعة',
    );
    expect(cancelled).toBeDefined();
    const after = await db().select().from(auditLog).where(eq(auditLog.subjectId, user.id));
    expect(after.map((a) => a.action).sort()).toEqual([
      'account.delete_cancel',
      'account.delete_request',
    ]);
    // the sweep, even long after, leaves a cancelled account alone
    await eraseDueAccounts(db(), new Date(Date.now() + 30 * 86_400_000), { graceHours: 336 });
    const [kept] = await db().select().from(users).where(eq(users.id, user.id));
    expect(kept).toMatchObject({ email, deletedAt: null, fullName: 'Noura Test' + String(n) });
  });

  it('after the grace, erases the personal data and keeps bookings, reviews and the audit without identity; the admin sees it anonymised', async () => {
    const host = await person();
    const renter = await person();
    const admin = await createUser(db(), {
      email: `delete-admin@example.test`,
      password: PASSWORD,
      roles: ['admin'],
    });
    const adminCookie = await signInCookie(t, admin.email, PASSWORD);
    const space = await createSpace(db(), { hostId: host.user.id, status: 'approved' });
    const past = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.user.id,
      renterEmail: renter.email,
      date: daysFromNow(-5),
      startTime: '10:00',
      endTime: '12:00',
      status: 'completed',
      totalHalalas: 51_750,
      contactPhone: '0551112222',
    });
    await createReview(db(), { bookingId: past.id, stars: 5, body: 'Lovely place' });
    await db()
      .insert(auditLog)
      .values({
        actorId: admin.id,
        action: 'booking.confirm',
        subjectType: 'booking',
        subjectId: past.id,
        details: { renterEmail: renter.email, date: past.date },
      });
    // an archived space of a host who leaves: its photos go
    const hostLeaving = await person();
    const old = await createSpace(db(), { hostId: hostLeaving.user.id, status: 'approved' });
    await db().update(spaces).set({ status: 'archived' }).where(eq(spaces.id, old.id));
    const image = await createSpaceImage(db(), {
      spaceId: old.id,
      uploaderId: hostLeaving.user.id,
      variants: { small: `spaces/${old.id}/a-small.webp` },
      width: 1200,
      height: 800,
    });

    const asked = new Date();
    expect((await remove(renter.cookie)).statusCode).toBe(202);
    expect((await remove(hostLeaving.cookie)).statusCode).toBe(202);

    // not before the grace is over
    const early = await eraseDueAccounts(db(), new Date(asked.getTime() + 13 * 86_400_000), {
      graceHours: 336,
    });
    expect(early.erased).toBe(0);
    const swept = await eraseDueAccounts(db(), new Date(asked.getTime() + 15 * 86_400_000), {
      graceHours: 336,
    });
    expect(swept.erased).toBe(2);

    const [gone] = await db().select().from(users).where(eq(users.id, renter.user.id));
    expect(gone).toMatchObject({
      name: FORMER_PERSON_NAME,
      fullName: null,
      email: `erased-${renter.user.id}@deleted.invalid`,
      phone: null,
      phoneVerified: false,
      whatsappOptInAt: null,
    });
    expect(gone!.deletedAt).not.toBeNull();
    expect(await db().select().from(accounts).where(eq(accounts.userId, renter.user.id))).toEqual(
      [],
    );
    // the booking keeps its amount and date, not the renter's number
    const [kept] = await db().select().from(bookings).where(eq(bookings.id, past.id));
    expect(kept).toMatchObject({ totalHalalas: 51_750, date: past.date, contactPhone: '' });
    // the audit no longer names them by email, and has the erasure
    const entries = await db().select().from(auditLog);
    expect(JSON.stringify(entries)).not.toContain(renter.email);
    expect(
      entries
        .filter((e) => e.subjectId === renter.user.id)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['account.delete_request', 'account.erase']);
    // nobody can sign in as them
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: renter.email, password: PASSWORD },
      headers: { origin: t.config.publicUrl },
    });
    expect(signIn.statusCode).toBe(401);
    // the review stays, signed "a former guest"
    const reviews = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}/reviews` });
    expect(reviews.json().items).toEqual([
      expect.objectContaining({ authorName: FORMER_PERSON_NAME, body: 'Lovely place' }),
    ]);
    // the admin's desk: the booking shows an anonymised renter; the audit log lists the deletion
    const desk = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bookings?status=completed',
      headers: { cookie: adminCookie },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const shown = desk.json().items.find((b: { id: string }) => b.id === past.id);
    expect(shown).toMatchObject({ renterName: FORMER_PERSON_NAME });
    expect(JSON.stringify(shown)).not.toContain(renter.email);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { cookie: adminCookie },
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toContainEqual(
      expect.objectContaining({
        action: 'account.erase',
        subjectType: 'account',
        subjectId: renter.user.id,
        actor: null,
      }),
    );
    // the leaving host's photos are unclaimed and queued for the uploads sweep
    const [photo] = await db().select().from(spaceImages).where(eq(spaceImages.id, image.id));
    expect(photo?.spaceId ?? null).toBeNull();
    const queued = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `erase-upload:${image.id}`));
    expect(queued).toHaveLength(1);
    const [oldSpace] = await db().select().from(spaces).where(eq(spaces.id, old.id));
    expect(oldSpace).toMatchObject({ contactPhone: '', contactEmail: '' });
  });

  it('a deletion racing booking requests: either the requests win and the deletion is refused, or the deletion wins and every request is refused', async () => {
    const host = await person();
    const space = await createSpace(db(), {
      hostId: host.user.id,
      status: 'approved',
      capacity: 20,
      opensAt: '08:00',
      closesAt: '22:00',
      availableDays: ['sunday'],
    });
    const date = nextSunday();
    let deletionWon = 0;
    let bookingWon = 0;
    for (let round = 0; round < 6; round += 1) {
      const renter = await person();
      const results = await Promise.all([
        remove(renter.cookie),
        ...['10:00', '13:00', '16:00'].map((startTime, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/bookings',
            headers: { cookie: renter.cookie, origin: t.config.publicUrl, 'accept-language': 'en' },
            payload: {
              spaceId: space.id,
              date,
              startTime,
              endTime: ['11:00', '14:00', '17:00'][i],
              guests: 2,
              contactPhone: '0512345678',
            },
          }),
        ),
      ]);
      const [deletion, ...requests] = results;
      const stored = await db()
        .select()
        .from(bookings)
        .where(eq(bookings.renterId, renter.user.id));
      const [row] = await db().select().from(users).where(eq(users.id, renter.user.id));
      if (deletion!.statusCode === 202) {
        deletionWon += 1;
        // no request got in after it, and none before it (else it would have been refused)
        expect(stored).toEqual([]);
        for (const r of requests) {
          expect([401, 409]).toContain(r.statusCode);
          if (r.statusCode === 409) expect(r.json().error.code).toBe('ACCOUNT_DELETION_PENDING');
        }
        expect(row!.deletionRequestedAt).not.toBeNull();
      } else {
        bookingWon += 1;
        expect(deletion!.statusCode).toBe(409);
        expect(deletion!.json().error.code).toBe('ACCOUNT_HAS_UPCOMING_BOOKINGS');
        expect(stored.length).toBeGreaterThan(0);
        expect(row!.deletionRequestedAt).toBeNull();
      }
    }
    expect(deletionWon + bookingWon).toBe(6);
  });
});
