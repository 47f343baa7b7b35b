import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { PUBLIC_SPACE_STATUSES } from '#shared/domain/space-lifecycle.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Db } from '#server/db/client.ts';

/** The size share cards (Open Graph, Twitter, WhatsApp) show best: 1.91 : 1. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Where a space's share image is served: outside /api, which robots.txt keeps crawlers from. */
export const shareImagePath = (spaceId: string) => `/share/spaces/${spaceId}.jpg`;

async function bufferOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A public space's share image: its cover cut to 1200×630 (the middle kept) as a JPEG, which
 * every share card reads. Made by sharp on the first request and kept in storage under a key
 * named after the cover's own key, so a new cover makes a new image and the old one is never
 * served for it. Null when the space is not public or has no picture.
 */
export async function shareImage(
  db: Db,
  storage: Storage,
  spaceId: string,
): Promise<Buffer | null> {
  if (!isUuid(spaceId.toLowerCase())) return null;
  const result = (await db.execute(sql`
    select s.status, (select i.variants from space_images i where i.space_id = s.id
      order by i.position, i.id limit 1) as variants
    from spaces s where s.id = ${spaceId}`)) as unknown as {
    rows: { status: string; variants: Record<string, string> | string | null }[];
  };
  const row = result.rows[0];
  if (!row || !PUBLIC_SPACE_STATUSES.includes(row.status as never) || !row.variants) return null;
  const variants: Record<string, string> =
    typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants;
  // The widest variant: the sharpest source for a 1200-pixel-wide card.
  const source = Object.entries(variants)
    .filter(([width]) => Number.isInteger(Number(width)))
    .sort(([a], [b]) => Number(b) - Number(a))[0]?.[1];
  if (!source) return null;
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 32);
  const key = `share/spaces/${spaceId.toLowerCase()}/${digest}.jpg`;
  const cached = await storage.get(key);
  if (cached) return bufferOf(cached.body);
  const cover = await storage.get(source);
  if (!cover) return null;
  const image = await sharp(await bufferOf(cover.body))
    .rotate()
    .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await storage.put(key, image, 'image/jpeg');
  return image;
}
