import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { jobs, spaceImages } from '#server/db/schema.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { UPLOAD_SWEEP_JOB } from '#server/jobs/job-kinds.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { multipartFile, signedInUser } from './listing-support.ts';

/** A real photo-like image with camera and GPS metadata, as phones write them. */
async function photo(format: 'jpeg' | 'png' | 'webp', width = 2000, height = 1200) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#0f4c4a"/></svg>`,
        ),
      },
    ])
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Camera 12', Copyright: 'Host' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1', GPSLongitudeRef: 'E' },
    });
  if (format === 'jpeg') return image.jpeg({ quality: 80 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 80 }).toBuffer();
}

interface Uploaded {
  id: string;
  width: number;
  height: number;
  urls: Record<string, string>;
}

describe('POST /api/uploads/images', () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signedInUser(t);
    cookie = host.cookie;
    userId = host.user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (
    fileName: string,
    bytes: Buffer,
    contentType = 'image/jpeg',
    extra: { cookie?: string | null; lang?: string } = {},
  ) => {
    const body = multipartFile(fileName, bytes, contentType);
    const sessionCookie = extra.cookie === undefined ? cookie : extra.cookie;
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: body.payload,
      headers: {
        ...body.headers,
        ...(sessionCookie ? { cookie: sessionCookie } : {}),
        'accept-language': extra.lang ?? 'en',
      },
    });
  };

  it.each(['jpeg', 'png', 'webp'] as const)(
    'accepts a %s photo, stores three WebP variants without metadata, serves them safely',
    async (format) => {
      const original = await photo(format);
      const before = await sharp(original).metadata();
      expect(before.exif, 'the test image carries EXIF').toBeDefined();

      const res = await upload(`صورة القاعة.${format === 'jpeg' ? 'jpg' : format}`, original);
      expect(res.statusCode).toBe(201);
      const body = res.json<Uploaded>();
      expect(body.width).toBe(1600);
      expect(body.height).toBe(960);
      expect(Object.keys(body.urls).sort()).toEqual(['1600', '480', '960']);

      const [row] = await t.deps.database.db
        .select()
        .from(spaceImages)
        .where(eq(spaceImages.id, body.id));
      expect(row).toMatchObject({ uploaderId: userId, spaceId: null, width: 1600, height: 960 });
      for (const key of Object.values(row!.variants))
        expect(key).toMatch(/^uploads\/[0-9a-f-]+\/\d+\.webp$/);

      for (const [width, url] of Object.entries(body.urls)) {
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['cache-control']).toContain('max-age=31536000');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(Number(width));
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('Secret Camera'))).toBe(false);
      }

      // The 24-hour sweep is queued with the upload.
      const [job] = await t.deps.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `upload-sweep:${body.id}`));
      expect(job!.kind).toBe(UPLOAD_SWEEP_JOB);
      const hours = (job!.runAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    },
  );

  it('decides the type by the content: a PNG named .jpg and sent as text/plain is a PNG', async () => {
    const res = await upload('photo.jpg', await photo('png', 600, 400), 'text/plain');
    expect(res.statusCode).toBe(201);
    expect(res.json<Uploaded>().width).toBe(600);
  });

  it('never enlarges a small image', async () => {
    const res = await upload('small.png', await photo('png', 300, 200), 'image/png');
    const body = res.json<Uploaded>();
    expect([body.width, body.height]).toEqual([300, 200]);
  });

  it.each([
    [
      'a text file named .jpg',
      'menu.jpg',
      Buffer.from('Prices: 150 SAR per hour\n'),
      400,
      'IMAGE_UNSUPPORTED',
    ],
    ['an empty file', 'empty.jpg', Buffer.alloc(0), 400, 'IMAGE_EMPTY'],
    [
      'a GIF/HTML polyglot',
      'x.gif',
      Buffer.from('GIF89a/*<html><script>alert(1)</script>*/'),
      400,
      'IMAGE_UNSUPPORTED',
    ],
    [
      'a JPEG header with garbage',
      'broken.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]),
      400,
      'IMAGE_UNSUPPORTED',
    ],
    [
      'an SVG',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      400,
      'IMAGE_UNSUPPORTED',
    ],
  ])('refuses %s', async (_label, name, bytes, status, code) => {
    const before = (await t.deps.database.db.select().from(spaceImages)).length;
    const res = await upload(name, bytes);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ error: { code: string; message: string } }>().error.code).toBe(code);
    expect((await t.deps.database.db.select().from(spaceImages)).length).toBe(before);
  });

  it('refuses a polyglot: a valid JPEG followed by HTML and script', async () => {
    const jpeg = await photo('jpeg', 400, 300);
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    const polyglot = Buffer.concat([
      jpeg,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await upload('innocent.jpg', polyglot);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'IMAGE_UNSUPPORTED',
      message: 'This file is not a JPEG, PNG, WebP or AVIF image.',
    });
  });

  it.each(['../../etc/passwd.jpg', '..\\..\\boot.ini.jpg', '/etc/shadow.jpg', 'a/b.jpg'])(
    'refuses the path-like file name %s',
    async (name) => {
      const res = await upload(name, await photo('jpeg', 400, 300));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('IMAGE_FILE_NAME');
    },
  );

  it('refuses an 11 MB file with 413, in the user’s language', async () => {
    const big = Buffer.concat([await photo('jpeg', 400, 300), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const res = await upload('huge.jpg', big, 'image/jpeg', { lang: 'ar' });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: 'حجم الصورة أكبر من 10 ميغابايت.',
    });
  });

  it('needs a signed-in user (401 before reading the body)', async () => {
    const res = await upload('a.jpg', await photo('jpeg', 400, 300), 'image/jpeg', {
      cookie: null,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('UNAUTHORIZED');
  });

  it('needs a file part, and multipart at all', async () => {
    const boundary = 'xyz';
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ error: { code: string } }>().error.code).toBe('IMAGE_MISSING');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: { file: 'x' },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(415);
  });

  it('the sweep deletes an upload no listing claimed, files and row, and leaves a claimed one', async () => {
    const res = await upload('old.jpg', await photo('jpeg', 500, 400));
    const { id, urls } = res.json<Uploaded>();
    // Make its sweep due now (as if 24 hours had passed).
    await t.deps.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.dedupeKey, `upload-sweep:${id}`));
    const worker = createJobWorker({
      db: t.deps.database.db,
      handlers: createJobHandlers(t.deps),
      logger: silentLogger,
    });
    await worker.runDue();
    expect(
      await t.deps.database.db.select().from(spaceImages).where(eq(spaceImages.id, id)),
    ).toEqual([]);
    for (const url of Object.values(urls)) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const [job] = await t.deps.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `upload-sweep:${id}`));
    expect(job!.status).toBe('done');
  });
});
