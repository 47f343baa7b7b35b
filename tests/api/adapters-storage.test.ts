import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '#server/adapters/storage/disk-storage.ts';
import { createS3Storage } from '#server/adapters/storage/s3-storage.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import { startS3Server } from '../support/servers/s3-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function behavesLikeStorage(storage: Storage) {
  const body = Buffer.from('RIFF....WEBPVP8 fake image bytes');
  await storage.put('spaces/abc/480.webp', body, 'image/webp');
  const got = await storage.get('spaces/abc/480.webp');
  expect(got?.contentType).toBe('image/webp');
  expect((await readAll(got!.body)).equals(body)).toBe(true);
  expect(await storage.get('spaces/abc/missing.webp')).toBeNull();
  await storage.delete('spaces/abc/480.webp');
  expect(await storage.get('spaces/abc/480.webp')).toBeNull();
  for (const bad of ['../etc/passwd', '/abs/key', 'a/../../b', 'UPPER/case', 'a//b', '']) {
    await expect(storage.put(bad, body, 'image/webp')).rejects.toThrow(/invalid storage key/);
  }
}

describe('storage adapters', () => {
  let dir: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-storage-'));
    s3 = await startS3Server({ bucket: 'hourspace-images', accessKeyId: 'AKIDTEST' });
  });
  afterAll(async () => {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('disk: stores, reads, deletes, and refuses keys that are not server-made', async () => {
    await behavesLikeStorage(createDiskStorage({ dir }));
  });

  it('S3: the same through a local server speaking the S3 protocol, signed with SigV4', async () => {
    const storage = createS3Storage({
      bucket: 'hourspace-images',
      region: 'me-south-1',
      endpoint: s3.url,
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.hourspace.sa/',
    });
    await behavesLikeStorage(storage);
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url, 'http://s3.local').pathname).toBe(
      '/hourspace-images/spaces/abc/480.webp',
    );
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(storage.publicUrl('spaces/abc/480.webp')).toBe(
      'https://cdn.hourspace.sa/spaces/abc/480.webp',
    );
  });

  it('S3: wrong credentials fail loudly', async () => {
    const storage = createS3Storage({
      bucket: 'hourspace-images',
      region: 'me-south-1',
      endpoint: s3.url,
      accessKeyId: 'SOMEONE-ELSE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    await expect(storage.put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });

  describe('served by the app at /media', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await t.deps.storage.put('spaces/xyz/960.webp', Buffer.from('webp-bytes'), 'image/webp');
    });
    afterAll(async () => {
      await t.close();
    });

    it('with a long cache and nosniff', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/media/spaces/xyz/960.webp' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toBe('webp-bytes');
    });

    it('404 for missing objects and path tricks', async () => {
      for (const url of [
        '/media/spaces/xyz/nope.webp',
        '/media/../package.json',
        '/media/%2e%2e/%2e%2e/etc/passwd',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    });
  });
});
