import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookings,
  jobs,
  spaceImages,
  spaceRevisions,
  spaces,
} from '#server/db/schema.ts';
import type { AdminSpacesResponse } from '#shared/schemas/admin.ts';
import type { HostSpace, UpdateSpaceResponse } from '#shared/schemas/space-edit.ts';
import {
  createBooking,
  createSpace,
  createSpaceImage,
  createUser,
  openAllDay,
} from '../fixtures/factories.ts';
import { deskVersion, signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 17, "Edit a listing": operational fields live at once, content of a live listing as a
 * revision an admin approves or rejects, a rejected listing resubmitted by its edit.
 */
const PASSWORD = 'Edit#2026hs';
type Who = 'host' | 'other' | 'renter' | 'admin' | 'admin2';

describe('a host edits a listing; an admin reviews content edits', () => {
  let t: TestApp;
  let hostId: string;
  let renterId: string;
  const cookies = {} as Record<Who, string>;
  const db = () => t.deps.database.db;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Who, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(who ? { cookie: cookies[who] } : {}) },
      ...(payload ? { payload } : {}),
    });
  const edit = (spaceId: string, payload: object, who: Who = 'host') =>
    call('PATCH', `/api/me/spaces/${spaceId}`, who, payload);
  const newSpace = (status: 'approved' | 'pending' | 'rejected' = 'approved') =>
    createSpace(db(), {
      ...openAllDay(hostId),
      listingLanguage: 'en',
      nameEn: 'Cedar Hall',
      nameAr: 'قاعة الأرز',
      descriptionEn: 'A bright hall.',
      status,
    });
  const image = (spaceId: string | null, position = 0) =>
    createSpaceImage(db(), {
      spaceId,
      uploaderId: hostId,
      position,
      variants: { '480': `test/${crypto.randomUUID()}.webp` },
      width: 800,
      height: 600,
    });
  const publicSpace = async (id: string) => (await call('GET', `/api/spaces/${id}`)).json();
  const audits = (spaceId: string) =>
    db().select().from(auditLog).where(eq(auditLog.subjectId, spaceId)).orderBy(asc(auditLog.id));
  /** The version of a revision the desk shows: what the approval sends (issue 37). */
  const shownRevision = (spaceId: string) =>
    deskVersion(t, cookies.admin, spaceId, 'revision');
  const pendingRevision = async (spaceId: string) =>
    (await call('GET', `/api/me/spaces/${spaceId}`, 'host')).json<HostSpace>().pendingRevision;

  beforeAll(async () => {
    t = await createTestApp();
    hostId = (await createUser(db(), { email: 'host@edit.test', password: PASSWORD, locale: 'ar' }))
      .id;
    await createUser(db(), { email: 'other@edit.test', password: PASSWORD });
    renterId = (await createUser(db(), { email: 'renter@edit.test', password: PASSWORD })).id;
    for (const admin of ['admin', 'admin2'])
      await createUser(db(), { email: `${admin}@edit.test`, password: PASSWORD, roles: ['admin'] });
    for (const who of ['host', 'other', 'renter', 'admin', 'admin2'] as const)
      cookies[who] = await signInCookie(t, `${who}@edit.test`, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('applies operational changes at once and leaves a confirmed booking as it was', async () => {
    const space = await newSpace();
    const booked = await createBooking(db(), {
      spaceId: space.id,
      renterId,
      renterEmail: 'renter@edit.test',
      date: riyadhDate(5),
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: 30_000,
      status: 'confirmed',
    });
    const res = await edit(space.id, {
      priceHalalas: 25_000,
      capacity: 40,
      bufferMinutes: 30,
      minNoticeHours: 12,
      horizonDays: 90,
      minBookingMinutes: 120,
      opensAt: '09:00',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<UpdateSpaceResponse>();
    expect(body.applied.sort()).toEqual(
      [
        'bufferMinutes',
        'capacity',
        'horizonDays',
        'minBookingMinutes',
        'minNoticeHours',
        'opensAt',
        'priceHalalas',
      ].sort(),
    );
    expect(body.underReview).toEqual([]);
    expect(body.resubmitted).toBe(false);
    expect(body.space).toMatchObject({
      status: 'approved',
      priceHalalas: 25_000,
      bufferMinutes: 30,
      minNoticeHours: 12,
      horizonDays: 90,
      minBookingMinutes: 120,
      opensAt: '09:00',
      pendingRevision: null,
    });
    expect(await publicSpace(space.id)).toMatchObject({ priceHalalas: 25_000, capacity: 40 });
    const [kept] = await db().select().from(bookings).where(eq(bookings.id, booked.id));
    expect(kept).toMatchObject({
      totalHalalas: 30_000,
      status: 'confirmed',
      startTime: '10:00:00',
    });
    // The same values again change nothing.
    expect((await edit(space.id, { priceHalalas: 25_000 })).json().applied).toEqual([]);
  });

  it("reviews a live listing's contact phone and email like its text; a pending one's apply at once", async () => {
    // Decision 066: renters call and write to these, so a changed number is where an off-platform
    // payment scam starts; on a live listing they wait for an admin like the description.
    const space = await newSpace();
    const before = await publicSpace(space.id);
    const res = await edit(space.id, {
      contactPhone: '0598765432',
      contactEmail: 'cash-deals@scam.test',
      capacity: 12,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<UpdateSpaceResponse>();
    expect(body.applied).toEqual(['capacity']);
    expect(body.underReview.sort()).toEqual(['contactEmail', 'contactPhone']);
    expect(await publicSpace(space.id)).toMatchObject({
      contactPhone: before.contactPhone,
      contactEmail: before.contactEmail,
      capacity: 12,
    });
    const revision = (await pendingRevision(space.id))!;
    expect(revision.content).toEqual({
      contactPhone: '0598765432',
      contactEmail: 'cash-deals@scam.test',
    });
    // The desk shows the proposal; approved with its version, the new contact goes live.
    const approved = await call('POST', `/api/admin/revisions/${revision.id}/approve`, 'admin', {
      version: await shownRevision(space.id),
    });
    expect(approved.statusCode).toBe(200);
    expect(await publicSpace(space.id)).toMatchObject({
      contactPhone: '0598765432',
      contactEmail: 'cash-deals@scam.test',
    });

    // Nothing is live on a pending listing: its contact applies at once (and is a new version).
    const pending = await newSpace('pending');
    const direct = await edit(pending.id, { contactPhone: '0591112222' });
    expect(direct.json<UpdateSpaceResponse>()).toMatchObject({
      applied: ['contactPhone'],
      underReview: [],
    });
    const [row] = await db().select().from(spaces).where(eq(spaces.id, pending.id));
    expect(row!.contactPhone).toBe('0591112222');
    expect(row!.contentChangedAt).toBeInstanceOf(Date);
  });

  it('turns a content edit of an approved listing into a revision; approving makes it live', async () => {
    const space = await newSpace();
    const res = await edit(space.id, { nameEn: 'Cedar Hall Deluxe', priceHalalas: 17_500 });
    expect(res.statusCode).toBe(200);
    const body = res.json<UpdateSpaceResponse>();
    expect(body.applied).toEqual(['priceHalalas']);
    expect(body.underReview).toEqual(['nameEn']);
    expect(body.space.nameEn).toBe('Cedar Hall');
    expect(body.space.pendingRevision?.content).toEqual({ nameEn: 'Cedar Hall Deluxe' });
    expect(await publicSpace(space.id)).toMatchObject({
      nameEn: 'Cedar Hall',
      priceHalalas: 17_500,
    });

    // A second edit while one is pending replaces the proposal (one pending row, both changes).
    const second = await edit(space.id, { descriptionEn: 'A bright, larger hall.' });
    expect(second.json<UpdateSpaceResponse>().underReview.sort()).toEqual(
      ['descriptionEn', 'nameEn'].sort(),
    );
    const rows = await db()
      .select()
      .from(spaceRevisions)
      .where(eq(spaceRevisions.spaceId, space.id));
    expect(rows).toHaveLength(1);
    const revision = (await pendingRevision(space.id))!;
    expect(revision.content).toEqual({
      nameEn: 'Cedar Hall Deluxe',
      descriptionEn: 'A bright, larger hall.',
    });

    const queue = await call('GET', '/api/admin/spaces?status=revision', 'admin');
    expect(queue.statusCode).toBe(200);
    const listed = queue.json<AdminSpacesResponse>();
    expect(listed.counts.revision).toBeGreaterThanOrEqual(1);
    const item = listed.items.find((i) => i.id === space.id)!;
    expect(item.revision?.id).toBe(revision.id);
    expect(item.nameEn).toBe('Cedar Hall');

    const version = item.revision!.version;
    const approved = await call('POST', `/api/admin/revisions/${revision.id}/approve`, 'admin', {
      version,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({
      revision: { id: revision.id, spaceId: space.id, status: 'approved' },
    });
    expect(await publicSpace(space.id)).toMatchObject({
      nameEn: 'Cedar Hall Deluxe',
      descriptionEn: 'A bright, larger hall.',
      status: 'approved',
    });
    expect(await pendingRevision(space.id)).toBeNull();
    const audit = (await audits(space.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'space.revision_approve', subjectType: 'space' });
    expect(audit.details).toMatchObject({
      from: 'pending',
      to: 'approved',
      revisionId: revision.id,
    });

    const again = await call('POST', `/api/admin/revisions/${revision.id}/approve`, 'admin', {
      version,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SPACE_ALREADY_DECIDED');
    expect(again.json().error.current).toMatchObject({ status: 'approved' });
  });

  it('reviews new pictures too: approving attaches them in order and deletes the dropped ones', async () => {
    const space = await newSpace();
    const a = await image(space.id, 0);
    const b = await image(space.id, 1);
    const fresh = await image(null);
    const res = await edit(space.id, { imageIds: [fresh.id, a.id] });
    expect(res.json<UpdateSpaceResponse>().underReview).toEqual(['imageIds']);
    expect((await publicSpace(space.id)).images).toHaveLength(2);
    const revision = (await pendingRevision(space.id))!;
    expect(revision.images?.map((i) => i.id)).toEqual([fresh.id, a.id]);

    expect(
      (
        await call('POST', `/api/admin/revisions/${revision.id}/approve`, 'admin', {
          version: await shownRevision(space.id),
        })
      ).statusCode,
    ).toBe(200);
    const now = await db()
      .select()
      .from(spaceImages)
      .where(eq(spaceImages.spaceId, space.id))
      .orderBy(asc(spaceImages.position));
    expect(now.map((i) => i.id)).toEqual([fresh.id, a.id]);
    expect(await db().select().from(spaceImages).where(eq(spaceImages.id, b.id))).toEqual([]);

    // Someone else's upload, or another space's picture, is refused with the wizard's message.
    const foreign = await createSpaceImage(db(), {
      spaceId: null,
      uploaderId: renterId,
      variants: { '480': 'x.webp' },
      width: 10,
      height: 10,
    });
    const refused = await edit(space.id, { imageIds: [foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.imageIds).toMatch(/image/i);
  });

  it('rejecting a revision keeps the live version and emails the host the reason in Arabic', async () => {
    const space = await newSpace();
    await edit(space.id, { nameEn: 'Cheapest Hall In Town!!!', city: 'jeddah' });
    const revision = (await pendingRevision(space.id))!;
    const version = await shownRevision(space.id);
    const noReason = await call('POST', `/api/admin/revisions/${revision.id}/reject`, 'admin', {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);

    const reason = 'الاسم يحتوي على عبارات ترويجية';
    const res = await call('POST', `/api/admin/revisions/${revision.id}/reject`, 'admin', {
      reason,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().revision.status).toBe('rejected');
    expect(await publicSpace(space.id)).toMatchObject({ nameEn: 'Cedar Hall', city: 'riyadh' });
    expect(await pendingRevision(space.id)).toBeNull();

    const [mail] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `mail:space-revision-${revision.id}-rejected-host`));
    const payload = mail!.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe('host@edit.test');
    expect(payload.subject).toContain('لم تتم الموافقة على تعديلاتك');
    expect(payload.text).toContain(reason);
    const audit = (await audits(space.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'space.revision_reject', reason });

    const late = await call('POST', `/api/admin/revisions/${revision.id}/approve`, 'admin', {
      version,
    });
    expect(late.statusCode).toBe(409);
  });

  it('applies content of a pending listing directly, and resubmits a rejected one (audited)', async () => {
    const pending = await newSpace('pending');
    const direct = await edit(pending.id, { nameEn: 'Cedar Loft', type: 'studio' });
    expect(direct.json<UpdateSpaceResponse>()).toMatchObject({
      applied: ['nameEn', 'type'],
      underReview: [],
      resubmitted: false,
      space: { nameEn: 'Cedar Loft', type: 'studio', status: 'pending', pendingRevision: null },
    });

    const rejected = await newSpace('rejected');
    const res = await edit(rejected.id, { descriptionEn: 'Now with the photos you asked for.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<UpdateSpaceResponse>()).toMatchObject({
      applied: ['descriptionEn'],
      resubmitted: true,
      space: { status: 'pending', descriptionEn: 'Now with the photos you asked for.' },
    });
    const [row] = await db().select().from(spaces).where(eq(spaces.id, rejected.id));
    expect(row!.status).toBe('pending');
    const audit = (await audits(rejected.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'space.resubmit', actorId: hostId });
    expect(audit.details).toMatchObject({ from: 'rejected', to: 'pending' });
    expect(
      await db().select().from(spaceRevisions).where(eq(spaceRevisions.spaceId, rejected.id)),
    ).toEqual([]);
  });

  it('hides another host’s listing (404), refuses the signed out (401) and an archived one (409)', async () => {
    const space = await newSpace();
    for (const who of ['other', 'renter', 'admin'] as const) {
      expect((await call('GET', `/api/me/spaces/${space.id}`, who)).statusCode).toBe(404);
      expect((await edit(space.id, { priceHalalas: 100 }, who)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/me/spaces/${space.id}`)).statusCode).toBe(401);
    expect(
      (await call('PATCH', `/api/me/spaces/${space.id}`, undefined, { x: 1 })).statusCode,
    ).toBe(401);
    expect((await edit('not-a-uuid', { priceHalalas: 100 })).statusCode).toBe(404);
    const [unchanged] = await db().select().from(spaces).where(eq(spaces.id, space.id));
    expect(unchanged!.priceHalalas).toBe(space.priceHalalas);

    const archived = await newSpace();
    expect(
      (await call('DELETE' as 'POST', `/api/me/spaces/${archived.id}`, 'host')).statusCode,
    ).toBe(200);
    const res = await edit(archived.id, { priceHalalas: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SPACE_ARCHIVED');
  });

  it('refuses invalid fields with the wizard’s messages, and unknown keys', async () => {
    const space = await newSpace();
    const res = await edit(space.id, {
      priceHalalas: 0,
      bufferMinutes: 7,
      minNoticeHours: 100,
      minBookingMinutes: 45,
      contactPhone: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      priceHalalas: 'Enter a price greater than 0 and at most 1,000 SAR per hour.',
      bufferMinutes: 'Choose one of the offered values.',
      minNoticeHours: 'This value is outside the allowed range.',
      minBookingMinutes: 'Choose one of the offered values.',
    });
    expect(res.json().error.fields.contactPhone).toBeTruthy();
    expect((await edit(space.id, { priceHalalas: 100, status: 'approved' })).statusCode).toBe(400);
    // Cross-field rules on the listing as it would be: closing at the stored opening time.
    const hours = await edit(space.id, { closesAt: '00:00' }); // it opens at 00:00
    expect(hours.json().error.fields.closesAt).toBe(
      'The closing time must differ from the opening time (an earlier closing time means the next day).',
    );
    const blank = await edit(space.id, { nameEn: '' });
    expect(blank.json().error.fields.nameEn).toBe('This field is required.');
    const [unchanged] = await db().select().from(spaces).where(eq(spaces.id, space.id));
    expect(unchanged!.priceHalalas).toBe(space.priceHalalas);
  });

  it('lets one of two admins deciding one revision at once win; the other gets 409', async () => {
    const space = await newSpace();
    await edit(space.id, { nameEn: 'Raced Hall' });
    const revision = (await pendingRevision(space.id))!;
    const version = await shownRevision(space.id);
    const answers = await Promise.all([
      call('POST', `/api/admin/revisions/${revision.id}/approve`, 'admin', { version }),
      call('POST', `/api/admin/revisions/${revision.id}/reject`, 'admin2', { reason: 'No.' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const decided = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, space.id), like(auditLog.action, 'space.revision_%')));
    expect(decided).toHaveLength(1);
  });

  it('stores the booking settings of a new listing, with the defaults when none are sent', async () => {
    const listing = async (settings: object) => {
      const upload = await image(null);
      return call('POST', '/api/spaces', 'host', {
        listingLanguage: 'ar',
        nameAr: 'مساحة الإعدادات',
        descriptionAr: 'مساحة لتجربة إعدادات الحجز.',
        type: 'meeting_room',
        address: 'حي العليا',
        city: 'riyadh',
        priceHalalas: 10_000,
        capacity: 5,
        contactPhone: '0512345678',
        contactEmail: 'host@edit.test',
        imageIds: [upload.id],
        availableDays: ['sunday'],
        opensAt: '08:00',
        closesAt: '20:00',
        ...settings,
      });
    };
    const withSettings = await listing({
      bufferMinutes: 15,
      minNoticeHours: 24,
      horizonDays: 30,
      minBookingMinutes: 90,
    });
    expect(withSettings.statusCode).toBe(201);
    const defaults = await listing({});
    expect(defaults.statusCode).toBe(201);
    const read = async (id: string) =>
      (await call('GET', `/api/me/spaces/${id}`, 'host')).json<HostSpace>();
    expect(await read(withSettings.json().id)).toMatchObject({
      bufferMinutes: 15,
      minNoticeHours: 24,
      horizonDays: 30,
      minBookingMinutes: 90,
    });
    expect(await read(defaults.json().id)).toMatchObject({
      bufferMinutes: 0,
      minNoticeHours: 0,
      horizonDays: 365,
      minBookingMinutes: 60,
    });
    expect((await listing({ bufferMinutes: 20 })).statusCode).toBe(400);
  });

  it('tells every admin when an edit or a resubmission waits on the review desk, once', async () => {
    const live = await newSpace('approved');
    const keysOf = async () =>
      (await db().select({ key: jobs.dedupeKey, payload: jobs.payload }).from(jobs)).filter((j) =>
        /^mail:(revision|space)-.*-(submitted|resubmitted)/.test(j.key ?? ''),
      );
    const before = (await keysOf()).length;
    expect((await edit(live.id, { nameAr: 'قاعة النخيل الجديدة' })).statusCode).toBe(200);
    const [revision] = await db()
      .select()
      .from(spaceRevisions)
      .where(eq(spaceRevisions.spaceId, live.id));
    const afterEdit = await keysOf();
    expect(
      afterEdit
        .map((j) => j.key)
        .filter((k) => k?.includes(revision!.id))
        .sort(),
    ).toEqual([
      `mail:revision-${revision!.id}-submitted-admin2@edit.test`,
      `mail:revision-${revision!.id}-submitted-admin@edit.test`,
    ]);
    // A second change of the same pending edit: no second email.
    expect((await edit(live.id, { nameAr: 'قاعة النخيل المجددة' })).statusCode).toBe(200);
    expect((await keysOf()).length).toBe(afterEdit.length);
    expect(afterEdit.length - before).toBe(2);

    const rejected = await newSpace('rejected');
    expect((await edit(rejected.id, { nameAr: 'قاعة بعد التعديل' })).statusCode).toBe(200);
    const resubmitted = (await keysOf()).filter((j) =>
      j.key?.startsWith(`mail:space-${rejected.id}-resubmitted-`),
    );
    expect(resubmitted).toHaveLength(2);
    const subject = (resubmitted[0]!.payload as { subject: string }).subject;
    expect(subject).toMatch(/^(A listing edited after rejection to review|مساحة عُدّلت بعد رفضها)/);
  });
});
