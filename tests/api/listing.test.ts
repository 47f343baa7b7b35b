import { asc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, spaceImages, spaces } from '#server/db/schema.ts';
import type { CreateSpaceRequestInput } from '#shared/schemas/space-request.ts';
import { createUser } from '../fixtures/factories.ts';
import { deskVersion } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { multipartFile, signedInUser } from './listing-support.ts';

describe('POST /api/spaces', () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof signedInUser>>;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ env: { TEAM_EMAIL: 'team@hourspace.test' } });
    host = await signedInUser(t, { email: 'host@listing.test' });
    jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 90, b: 80 } },
    })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.deps.database.db.delete(jobs).where(like(jobs.dedupeKey, 'mail:space-%'));
  });

  let uploadIp = 0;
  const uploadAs = async (cookie: string) => {
    const body = multipartFile('hall.jpg', jpeg);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: body.payload,
      headers: { ...body.headers, cookie },
      remoteAddress: `10.3.0.${++uploadIp}`,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  const listing = (imageIds: string[]): CreateSpaceRequestInput => ({
    listingLanguage: 'ar',
    nameAr: 'قاعة الياسمين',
    nameEn: 'Jasmine Hall',
    descriptionAr: 'قاعة اجتماعات هادئة بإضاءة طبيعية في حي العليا.',
    descriptionEn: '',
    type: 'meeting_room',
    address: 'طريق الملك فهد، حي العليا',
    city: 'riyadh',
    country: 'SA',
    googleMapsUrl: 'https://maps.app.goo.gl/AbCdEf123XyZ',
    priceHalalas: 15_050,
    capacity: 12,
    amenities: ['wifi', 'projector'],
    contactPhone: '0512345678',
    contactEmail: 'Host@Listing.test',
    imageIds,
    availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
    opensAt: '08:00',
    closesAt: '22:00',
  });

  // Each request from its own address: the listing rate limit (30 an hour) is not under test here.
  let ip = 0;
  const post = (payload: unknown, cookie: string | null = host.cookie, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      payload: payload as object,
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': lang },
      remoteAddress: `10.2.0.${++ip}`,
    });

  const spaceCount = async () => (await t.deps.database.db.select().from(spaces)).length;

  it('keeps the cancellation policy the host chose, and refuses one that is not offered', async () => {
    const strict = await post({
      ...listing([await uploadAs(host.cookie)]),
      cancellationPolicy: 'strict',
    });
    expect(strict.statusCode).toBe(201);
    const [space] = await t.deps.database.db
      .select()
      .from(spaces)
      .where(eq(spaces.id, strict.json<{ id: string }>().id));
    expect(space!.cancellationPolicy).toBe('strict');
    const before = await t.deps.database.db.select().from(spaces);
    const bad = await post({
      ...listing([await uploadAs(host.cookie)]),
      cancellationPolicy: 'lenient',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('cancellationPolicy');
    expect(await t.deps.database.db.select().from(spaces)).toHaveLength(before.length);
  });

  it('keeps the price rules the wizard sends, and refuses them field by field in the user’s language (issue 35)', async () => {
    const rules = {
      bands: [{ days: ['thursday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 }],
      dayRate: { fromHours: 8, priceHalalas: 130_000 },
      minHours: { thursday: 3 },
      addOns: [
        {
          id: 'addon-coffee',
          nameAr: 'ضيافة قهوة',
          nameEn: 'Coffee service',
          priceHalalas: 2_500,
          per: 'guest',
          maxQuantity: 20,
        },
      ],
    };
    const ok = await post({ ...listing([await uploadAs(host.cookie)]), priceRules: rules });
    expect(ok.statusCode, ok.body).toBe(201);
    const [space] = await t.deps.database.db
      .select()
      .from(spaces)
      .where(eq(spaces.id, ok.json<{ id: string }>().id));
    expect(space!.priceRules).toEqual(rules);

    const before = await spaceCount();
    const bad = await post(
      {
        ...listing([await uploadAs(host.cookie)]),
        priceRules: {
          ...rules,
          bands: [...rules.bands, { ...rules.bands[0]!, from: '20:00', to: '23:00' }],
          dayRate: { fromHours: 8, priceHalalas: 100 },
          minHours: { thursday: 20 },
        },
      },
      host.cookie,
      'ar',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'priceRules.bands.1.from': 'هذه الفترة تتداخل مع فترة أخرى في اليوم نفسه.',
      'priceRules.dayRate.priceHalalas': expect.any(String),
      'priceRules.minHours.thursday': 'الحد الأدنى أطول من ساعات العمل.',
    });
    expect(await spaceCount()).toBe(before);
  });

  it('stores a pending space with its images in order and queues one notice per admin', async () => {
    const admin = await createUser(t.deps.database.db, {
      email: 'admin@listing.test',
      roles: ['admin'],
      locale: 'ar',
    });
    await createUser(t.deps.database.db, {
      email: 'boss@listing.test',
      roles: ['admin', 'super_admin'],
      locale: 'en',
    });
    const first = await uploadAs(host.cookie);
    const second = await uploadAs(host.cookie);

    const res = await post(listing([second, first]));
    expect(res.statusCode).toBe(201);
    const { id, status } = res.json<{ id: string; status: string }>();
    expect(status).toBe('pending');

    const [space] = await t.deps.database.db.select().from(spaces).where(eq(spaces.id, id));
    expect(space).toMatchObject({
      hostId: host.user.id,
      status: 'pending',
      listingLanguage: 'ar',
      nameAr: 'قاعة الياسمين',
      nameEn: 'Jasmine Hall',
      descriptionEn: null,
      priceHalalas: 15_050,
      capacity: 12,
      country: 'SA',
      contactEmail: 'host@listing.test',
      googleMapsUrl: 'https://maps.app.goo.gl/AbCdEf123XyZ',
      opensAt: '08:00:00',
      closesAt: '22:00:00',
      availableDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'sunday'],
      // No policy chosen: flexible (issue 18).
      cancellationPolicy: 'flexible',
    });
    const images = await t.deps.database.db
      .select()
      .from(spaceImages)
      .where(eq(spaceImages.spaceId, id))
      .orderBy(asc(spaceImages.position));
    expect(images.map((i) => [i.id, i.position])).toEqual([
      [second, 0],
      [first, 1],
    ]);

    const notices = await t.deps.database.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `mail:space-${id}-submitted-%`))
      .orderBy(asc(jobs.dedupeKey));
    expect(notices.map((j) => j.kind)).toEqual(['mail.send', 'mail.send']);
    const [toAdmin, toBoss] = notices.map(
      (j) => j.payload as { to: string; subject: string; html: string },
    );
    expect(toAdmin!.to).toBe(admin.email);
    expect(toAdmin!.subject).toBe('مساحة جديدة بانتظار المراجعة: قاعة الياسمين');
    expect(toAdmin!.html).toContain('dir="rtl"');
    expect(toBoss!.to).toBe('boss@listing.test');
    expect(toBoss!.subject).toBe('A new listing to review: Jasmine Hall');
    expect(toBoss!.html).toContain('/admin/dashboard');

    // The same uploads cannot be claimed by a second listing.
    const again = await post(listing([first]));
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      imageIds: 'An image is not among your uploads. Upload it again.',
    });
  });

  it.each([
    ['nameAr', { nameAr: '' }, 'This field is required.'],
    ['descriptionAr', { descriptionAr: '  ' }, 'This field is required.'],
    ['nameAr', { nameAr: 'ن'.repeat(121) }, 'This is too long.'],
    ['listingLanguage', { listingLanguage: 'fr' }, 'This value is not valid.'],
    ['type', { type: 'castle' }, 'Choose one of the offered values.'],
    ['address', { address: '' }, 'This field is required.'],
    ['city', { city: 'dubai' }, 'Choose one of the offered values.'],
    ['country', { country: 'AE' }, 'Choose one of the offered values.'],
    [
      'googleMapsUrl',
      { googleMapsUrl: 'http://maps.google.com/?q=1,2' },
      'Enter a Google Maps link, e.g. https://maps.app.goo.gl/…',
    ],
    [
      'priceHalalas',
      { priceHalalas: 0 },
      'Enter a price greater than 0 and at most 1,000 SAR per hour.',
    ],
    [
      'priceHalalas',
      { priceHalalas: 100_001 },
      'Enter a price greater than 0 and at most 1,000 SAR per hour.',
    ],
    ['priceHalalas', { priceHalalas: 99.5 }, 'Use at most two decimal places.'],
    ['capacity', { capacity: 0 }, 'Enter a whole number of guests greater than 0.'],
    ['capacity', { capacity: 2.5 }, 'Enter a whole number.'],
    ['amenities', { amenities: 'wifi' }, 'This value is not valid.'],
    ['amenities.0', { amenities: ['pool'] }, 'Choose one of the offered values.'],
    [
      'contactPhone',
      { contactPhone: '512345678' },
      'Enter a Saudi mobile number: 05XXXXXXXX or 9665XXXXXXXX.',
    ],
    ['contactEmail', { contactEmail: 'host@' }, 'Enter a valid email address.'],
    ['imageIds', { imageIds: [] }, 'Add at least one image.'],
    [
      'imageIds.0',
      { imageIds: ['../secret'] },
      'An image is not among your uploads. Upload it again.',
    ],
    ['availableDays', { availableDays: [] }, 'Choose at least one day.'],
    ['opensAt', { opensAt: '25:00' }, 'Enter a time as HH:mm.'],
    [
      'closesAt',
      { closesAt: '08:00' },
      'The closing time must differ from the opening time (an earlier closing time means the next day).',
    ],
  ])(
    'refuses a bad %s with its field message and stores nothing',
    async (field, change, message) => {
      const image = await uploadAs(host.cookie);
      const before = await spaceCount();
      const res = await post({ ...listing([image]), ...change });
      expect(res.statusCode).toBe(400);
      const { error } = res.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.fields[field]).toBe(message);
      expect(await spaceCount()).toBe(before);
      // The upload stays unclaimed, ready for the corrected listing.
      const [row] = await t.deps.database.db
        .select()
        .from(spaceImages)
        .where(eq(spaceImages.id, image));
      expect(row!.spaceId).toBeNull();
    },
  );

  it('answers every field message at once, in Arabic by default', async () => {
    const res = await post({ listingLanguage: 'ar' }, host.cookie, 'ar');
    const { fields } = res.json<{ error: { fields: Record<string, string> } }>().error;
    expect(Object.keys(fields).sort()).toEqual(
      [
        'address',
        'availableDays',
        'capacity',
        'city',
        'closesAt',
        'contactEmail',
        'contactPhone',
        'descriptionAr',
        'imageIds',
        'nameAr',
        'opensAt',
        'priceHalalas',
        'type',
      ].sort(),
    );
    expect(fields.nameAr).toBe('هذا الحقل مطلوب.');
  });

  it('refuses a forged upload id, someone else’s upload and an 11th image', async () => {
    const before = await spaceCount();
    const forged = await post(listing(['7c9e6679-7425-40de-944b-e07fc1f90ae7']));
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ error: { fields: Record<string, string> } }>().error.fields.imageIds).toBe(
      'An image is not among your uploads. Upload it again.',
    );

    const other = await signedInUser(t);
    const theirs = await uploadAs(other.cookie);
    const mine = await uploadAs(host.cookie);
    const stolen = await post(listing([mine, theirs]));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json<{ error: { fields: Record<string, string> } }>().error.fields.imageIds).toBe(
      'An image is not among your uploads. Upload it again.',
    );
    // Nothing was claimed, not even my own image.
    const [row] = await t.deps.database.db
      .select()
      .from(spaceImages)
      .where(eq(spaceImages.id, mine));
    expect(row!.spaceId).toBeNull();

    const eleven = await Promise.all(Array.from({ length: 11 }, () => uploadAs(host.cookie)));
    const tooMany = await post(listing(eleven));
    expect(tooMany.statusCode).toBe(400);
    expect(
      tooMany.json<{ error: { fields: Record<string, string> } }>().error.fields.imageIds,
    ).toBe('You can add at most 10 images.');
    expect(await spaceCount()).toBe(before);
  });

  it('two listings racing for the same upload: one wins, the other stores nothing', async () => {
    const image = await uploadAs(host.cookie);
    const before = await spaceCount();
    const results = await Promise.all([post(listing([image])), post(listing([image]))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await spaceCount()).toBe(before + 1);
    const winner = results.find((r) => r.statusCode === 201)!.json<{ id: string }>().id;
    const [row] = await t.deps.database.db
      .select()
      .from(spaceImages)
      .where(eq(spaceImages.id, image));
    expect(row!.spaceId).toBe(winner);
  });

  it('sends the notice to the team when there is no admin', async () => {
    const lone = await createTestApp({ env: { TEAM_EMAIL: 'team@hourspace.test' } });
    try {
      const someone = await signedInUser(lone);
      const body = multipartFile('a.jpg', jpeg);
      const up = await lone.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: body.payload,
        headers: { ...body.headers, cookie: someone.cookie },
      });
      const res = await lone.app.inject({
        method: 'POST',
        url: '/api/spaces',
        payload: listing([up.json<{ id: string }>().id]),
        headers: { cookie: someone.cookie },
      });
      expect(res.statusCode).toBe(201);
      const notices = await lone.deps.database.db
        .select()
        .from(jobs)
        .where(like(jobs.dedupeKey, 'mail:space-%'));
      expect(notices.map((j) => (j.payload as { to: string }).to)).toEqual(['team@hourspace.test']);
    } finally {
      await lone.close();
    }
  });

  it('keeps the order and the cover the host gives, through create and edit, on every page that shows them', async () => {
    const admin = await signedInUser(t, { email: 'orderadmin@listing.test', roles: ['admin'] });
    const colours = { red: [220, 30, 30], green: [30, 200, 60], blue: [30, 60, 220] } as const;
    type Colour = keyof typeof colours;
    const uploaded = {} as Record<Colour, { id: string; urls: string[] }>;
    for (const colour of Object.keys(colours) as Colour[]) {
      const [r, g, b] = colours[colour];
      const picture = await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r, g, b } },
      })
        .jpeg()
        .toBuffer();
      const body = multipartFile(`${colour}.jpg`, picture);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: body.payload,
        headers: { ...body.headers, cookie: host.cookie },
        remoteAddress: `10.3.1.${++uploadIp}`,
      });
      expect(res.statusCode).toBe(201);
      const { id, urls } = res.json<{ id: string; urls: Record<string, string> }>();
      uploaded[colour] = { id, urls: Object.values(urls).sort() };
    }
    const colourOf = (image: { variants: { url: string }[] } | null | undefined) =>
      (Object.keys(uploaded) as Colour[]).find(
        (c) =>
          uploaded[c].urls.join() ===
          (image?.variants
            .map((v) => v.url)
            .sort()
            .join() ?? ''),
      );
    const get = async <T>(url: string, cookie?: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    };
    type Images = { images: { id?: string; variants: { url: string }[] }[] };
    /** What renters see: the page's gallery, the search card's cover, the share image's colour. */
    const shown = async (id: string) => {
      const details = await get<Images>(`/api/spaces/${id}`);
      const search = await get<{ items: { id: string; cover: Images['images'][number] | null }[] }>(
        '/api/spaces?q=%D8%A7%D9%84%D8%B2%D9%86%D8%A8%D9%82',
      );
      const share = await t.app.inject({ method: 'GET', url: `/share/spaces/${id}.jpg` });
      expect(share.statusCode).toBe(200);
      const { channels } = await sharp(share.rawPayload).stats();
      const mean = channels.slice(0, 3).map((c) => c.mean);
      const nearest = (Object.keys(colours) as Colour[]).sort(
        (a, b) =>
          colours[a].reduce((n, v, i) => n + Math.abs(v - mean[i]!), 0) -
          colours[b].reduce((n, v, i) => n + Math.abs(v - mean[i]!), 0),
      )[0];
      return {
        gallery: details.images.map(colourOf),
        card: colourOf(search.items.find((item) => item.id === id)?.cover),
        share: nearest,
      };
    };

    // Create: blue, red, green — blue is the cover.
    const created = await post({
      ...listing([uploaded.blue.id, uploaded.red.id, uploaded.green.id]),
      nameAr: 'قاعة الزنبق',
      nameEn: 'Lily Hall',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const mine = await get<Images>(`/api/me/spaces/${id}`, host.cookie);
    expect(mine.images.map((i) => i.id)).toEqual([
      uploaded.blue.id,
      uploaded.red.id,
      uploaded.green.id,
    ]);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/spaces/${id}/approve`,
      payload: { version: await deskVersion(t, admin.cookie, id) },
      headers: { cookie: admin.cookie },
    });
    expect(approve.statusCode).toBe(200);
    expect(await shown(id)).toEqual({
      gallery: ['blue', 'red', 'green'],
      card: 'blue',
      share: 'blue',
    });

    // Edit: the same photos, green made the cover and red moved last — a revision to review.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/me/spaces/${id}`,
      payload: { imageIds: [uploaded.green.id, uploaded.blue.id, uploaded.red.id] },
      headers: { cookie: host.cookie },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ underReview: string[] }>().underReview).toEqual(['imageIds']);
    const revision = (
      await get<{ pendingRevision: { id: string; images: { id: string }[] | null } | null }>(
        `/api/me/spaces/${id}`,
        host.cookie,
      )
    ).pendingRevision!;
    expect(revision.images!.map((i) => i.id)).toEqual([
      uploaded.green.id,
      uploaded.blue.id,
      uploaded.red.id,
    ]);
    // The admin's desk shows both orders: live, and proposed.
    const desk = await get<{
      items: {
        id: string;
        images: Images['images'];
        revision: (Images & { version: string }) | null;
      }[];
    }>('/api/admin/spaces?status=revision', admin.cookie);
    const reviewed = desk.items.find((item) => item.id === id)!;
    expect(reviewed.images.map(colourOf)).toEqual(['blue', 'red', 'green']);
    expect(reviewed.revision!.images.map(colourOf)).toEqual(['green', 'blue', 'red']);
    // Renters still see the live order until the admin approves.
    expect((await shown(id)).card).toBe('blue');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/revisions/${revision.id}/approve`,
      payload: { version: reviewed.revision!.version },
      headers: { cookie: admin.cookie },
    });
    expect(approved.statusCode).toBe(200);
    expect(await shown(id)).toEqual({
      gallery: ['green', 'blue', 'red'],
      card: 'green',
      share: 'green',
    });
  });

  it('needs a signed-in user: 401, whatever the body', async () => {
    expect((await post(listing([]), null)).statusCode).toBe(401);
    expect((await post({}, null)).statusCode).toBe(401);
  });
});
