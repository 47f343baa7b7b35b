import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceRevisions, spaces } from '#server/db/schema.ts';
import type { AdminSpacesResponse } from '#shared/schemas/admin.ts';
import type { HostSpace } from '#shared/schemas/space-edit.ts';
import { createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 37, item 1: a host rewrote a listing waiting in the queue ("CALL 05… FOR CASH DEALS")
 * and the admin approved what the desk had shown; a second PATCH of a pending revision rewrote
 * it the same way. Now the desk's item and each revision carry the version of the content shown,
 * the desk sends it with the approval, and a listing or revision changed since is refused with
 * 409 SPACE_CHANGED naming the new version — nothing is approved, nothing goes live.
 */
const PASSWORD = 'Seen#2026hs';
type Who = 'host' | 'admin' | 'racer';

describe('an admin approves what the desk showed (issue 37)', () => {
  let t: TestApp;
  let hostId: string;
  /** the host of the race below, whose listing no other test of the file touches */
  let racerId: string;
  const cookies = {} as Record<Who, string>;
  const db = () => t.deps.database.db;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Who, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        'accept-language': 'en',
        origin: t.config.publicUrl,
        ...(who ? { cookie: cookies[who] } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const deskItem = async (status: 'pending' | 'revision', id: string) => {
    const res = await call('GET', `/api/admin/spaces?status=${status}`, 'admin');
    expect(res.statusCode).toBe(200);
    return res.json<AdminSpacesResponse>().items.find((i) => i.id === id)!;
  };
  const newSpace = (status: 'approved' | 'pending', host = hostId) =>
    createSpace(db(), {
      ...openAllDay(host),
      listingLanguage: 'en',
      nameEn: 'Quiet meeting room',
      nameAr: 'قاعة اجتماعات هادئة',
      descriptionEn: 'A quiet room.',
      status,
    });

  beforeAll(async () => {
    // 50 requests at once in one test: the per-address limit is not this file's subject.
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    hostId = (await createUser(db(), { email: 'host@seen.test', password: PASSWORD })).id;
    await createUser(db(), { email: 'admin@seen.test', password: PASSWORD, roles: ['admin'] });
    racerId = (await createUser(db(), { email: 'racer@seen.test', password: PASSWORD })).id;
    for (const who of ['host', 'admin', 'racer'] as const)
      cookies[who] = await signInCookie(t, `${who}@seen.test`, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to approve a new listing the host changed after the desk loaded it', async () => {
    const space = await newSpace('pending');
    const shown = await deskItem('pending', space.id);
    expect(shown.nameEn).toBe('Quiet meeting room');
    expect(shown.version).toMatch(/^[0-9a-f]{20}$/);

    const scam = 'CALL 0500000000 FOR CASH DEALS / pay by bank transfer';
    expect(
      (await call('PATCH', `/api/me/spaces/${space.id}`, 'host', { descriptionEn: scam }))
        .statusCode,
    ).toBe(200);

    const stale = await call('POST', `/api/admin/spaces/${space.id}/approve`, 'admin', {
      version: shown.version,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.error.code).toBe('SPACE_CHANGED');
    expect(body.error.message).toBe(
      'The host changed this listing after you opened it. The desk now shows the new version: look at it again before approving.',
    );
    expect(body.error.current.version).not.toBe(shown.version);
    const [row] = await db().select().from(spaces).where(eq(spaces.id, space.id));
    expect(row!.status).toBe('pending');

    // The desk reloads: it shows the new text and its version, which the admin may approve.
    const reloaded = await deskItem('pending', space.id);
    expect(reloaded.descriptionEn).toBe(scam);
    expect(reloaded.version).toBe(body.error.current.version);
    const ok = await call('POST', `/api/admin/spaces/${space.id}/approve`, 'admin', {
      version: reloaded.version,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().space.status).toBe('approved');
  });

  it('refuses to approve a revision the host rewrote after the desk loaded it', async () => {
    const space = await newSpace('approved');
    expect(
      (await call('PATCH', `/api/me/spaces/${space.id}`, 'host', { nameEn: 'Quiet room XL' }))
        .statusCode,
    ).toBe(200);
    const shown = (await deskItem('revision', space.id)).revision!;
    expect(shown.content).toEqual({ nameEn: 'Quiet room XL' });

    // A second PATCH rewrites the same revision row.
    await call('PATCH', `/api/me/spaces/${space.id}`, 'host', { nameEn: 'CALL 05 FOR CASH' });
    const stale = await call('POST', `/api/admin/revisions/${shown.id}/approve`, 'admin', {
      version: shown.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('SPACE_CHANGED');
    // Nothing went live, and the revision still waits.
    const live = (await call('GET', `/api/spaces/${space.id}`)).json();
    expect(live.nameEn).toBe('Quiet meeting room');
    const host = (await call('GET', `/api/me/spaces/${space.id}`, 'host')).json<HostSpace>();
    expect(host.pendingRevision?.content).toEqual({ nameEn: 'CALL 05 FOR CASH' });

    const reloaded = (await deskItem('revision', space.id)).revision!;
    expect(reloaded.id).toBe(shown.id);
    expect(reloaded.version).not.toBe(shown.version);
    const ok = await call('POST', `/api/admin/revisions/${shown.id}/approve`, 'admin', {
      version: reloaded.version,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', `/api/spaces/${space.id}`)).json().nameEn).toBe('CALL 05 FOR CASH');
  });

  it('refuses an approval that names no version (400), for a listing and a revision', async () => {
    const pending = await newSpace('pending');
    const live = await newSpace('approved');
    await call('PATCH', `/api/me/spaces/${live.id}`, 'host', { nameEn: 'Quiet room 2' });
    const revision = (await deskItem('revision', live.id)).revision!;
    for (const url of [
      `/api/admin/spaces/${pending.id}/approve`,
      `/api/admin/revisions/${revision.id}/approve`,
    ]) {
      for (const payload of [undefined, {}, { version: '' }, { version: 7 }]) {
        const res = await call('POST', url, 'admin', payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        const { error } = res.json();
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.fields.version).toMatch(/required|not valid/i);
      }
      const ar = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'accept-language': 'ar', origin: t.config.publicUrl, cookie: cookies.admin },
        payload: {},
      });
      expect(ar.statusCode).toBe(400);
      expect(JSON.stringify(ar.json().error)).toMatch(/[\u0600-\u06FF]/);
    }
    // Nothing was decided.
    const [row] = await db().select().from(spaces).where(eq(spaces.id, pending.id));
    expect(row!.status).toBe('pending');
    expect((await deskItem('revision', live.id)).revision!.id).toBe(revision.id);
  });

  it('an edit while it waits is a new version: it rejoins the queue as of the edit, marked "changed since submitted"', async () => {
    const older = await newSpace('pending');
    const newer = await newSpace('pending');
    const pendingIds = async () =>
      (await call('GET', '/api/admin/spaces?status=pending&pageSize=50', 'admin'))
        .json<AdminSpacesResponse>()
        .items.map((i) => i.id);
    // Newest in the queue first: the newer listing is ahead, neither marked.
    let ids = await pendingIds();
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect((await deskItem('pending', older.id)).contentChangedAt).toBeNull();
    const before = (await deskItem('pending', older.id)).version;

    // A booking setting is not content: the version, the mark and the place in the queue stay.
    await call('PATCH', `/api/me/spaces/${older.id}`, 'host', { bufferMinutes: 15 });
    expect((await deskItem('pending', older.id)).contentChangedAt).toBeNull();
    expect((await deskItem('pending', older.id)).version).toBe(before);

    // A content edit: a new version, marked, and counted in the queue from the edit.
    const edited = await call('PATCH', `/api/me/spaces/${older.id}`, 'host', {
      descriptionEn: 'Now with a projector.',
    });
    expect(edited.statusCode).toBe(200);
    const marked = await deskItem('pending', older.id);
    expect(marked.version).not.toBe(before);
    expect(Date.parse(marked.contentChangedAt!)).toBeGreaterThan(Date.parse(marked.createdAt));
    ids = await pendingIds();
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect((await deskItem('pending', newer.id)).contentChangedAt).toBeNull();

    // Approved with the version shown (the mark was the desk's cue to look again).
    expect(
      (
        await call('POST', `/api/admin/spaces/${older.id}/approve`, 'admin', {
          version: marked.version,
        })
      ).statusCode,
    ).toBe(200);

    // A revision rewritten by a second PATCH: marked, and back in the queue as of the rewrite.
    const first = await newSpace('approved');
    const second = await newSpace('approved');
    await call('PATCH', `/api/me/spaces/${first.id}`, 'host', { nameEn: 'First edit' });
    await call('PATCH', `/api/me/spaces/${second.id}`, 'host', { nameEn: 'Second edit' });
    const revisionIds = async () =>
      (await call('GET', '/api/admin/spaces?status=revision&pageSize=50', 'admin'))
        .json<AdminSpacesResponse>()
        .items.map((i) => i.id);
    let order = await revisionIds();
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(first.id));
    expect((await deskItem('revision', first.id)).revision!.changedAt).toBeNull();
    await call('PATCH', `/api/me/spaces/${first.id}`, 'host', { nameEn: 'First edit, again' });
    const rewritten = (await deskItem('revision', first.id)).revision!;
    expect(rewritten.changedAt).not.toBeNull();
    order = await revisionIds();
    expect(order.indexOf(first.id)).toBeLessThan(order.indexOf(second.id));
    expect((await deskItem('revision', second.id)).revision!.changedAt).toBeNull();
  });

  it('keeps a version when nothing changed, and ignores status moves', async () => {
    const space = await newSpace('pending');
    const first = await deskItem('pending', space.id);
    expect((await deskItem('pending', space.id)).version).toBe(first.version);
    const ok = await call('POST', `/api/admin/spaces/${space.id}/approve`, 'admin', {
      version: first.version,
    });
    expect(ok.statusCode).toBe(200);
    const bad = await call('POST', `/api/admin/spaces/${space.id}/approve`, 'admin', {
      version: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
  });

  // Issue 37, "done when": the concurrency of it, with 50 at once (last in the file: its 15 edits
  // and the edits before it stay under the listing routes' 30 an hour from this test's one address) — 15 edits of a waiting listing
  // racing 35 approvals of the version the desk showed. The approval and the edit take the
  // listing's row lock: whichever order they commit in, what goes live is what the desk showed.
  it('50 at once, edits racing approvals: at most one approval wins, and only of the text shown', async () => {
    const space = await newSpace('pending', racerId);
    const shown = await deskItem('pending', space.id);
    const isEdit = (i: number) => i % 10 < 3; // 15 of the 50, spread through them
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        isEdit(i)
          ? call('PATCH', `/api/me/spaces/${space.id}`, 'racer', {
              descriptionEn: `CALL 05000000${String(i).padStart(2, '0')} FOR CASH DEALS`,
            })
          : call('POST', `/api/admin/spaces/${space.id}/approve`, 'admin', {
              version: shown.version,
            }),
      ),
    );
    const edits = answers.filter((_, i) => isEdit(i));
    const approvals = answers.filter((_, i) => !isEdit(i));
    expect(edits.map((a) => a.statusCode)).toEqual(Array(15).fill(200));
    const won = approvals.filter((a) => a.statusCode === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    for (const a of approvals.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
    }
    const [row] = await db().select().from(spaces).where(eq(spaces.id, space.id));
    if (won.length === 1) {
      // Approved before any edit committed: the live text is the one shown, and the edits after
      // it wait as a revision for the desk.
      expect(row!.status).toBe('approved');
      expect(row!.descriptionEn).toBe('A quiet room.');
      const revisions = await db()
        .select()
        .from(spaceRevisions)
        .where(eq(spaceRevisions.spaceId, space.id));
      expect(revisions.map((r) => r.status)).toEqual(['pending']);
      expect(String(revisions[0]!.content.descriptionEn)).toMatch(
        /^CALL 05000000\d{2} FOR CASH DEALS$/,
      );
    } else {
      // An edit came first: every approval of the old version was refused, nothing went live.
      expect(row!.status).toBe('pending');
      expect(row!.descriptionEn).toMatch(/^CALL 05000000\d{2} FOR CASH DEALS$/);
      expect(approvals.map((a) => a.json().error.code)).toEqual(Array(35).fill('SPACE_CHANGED'));
    }
  });
});
