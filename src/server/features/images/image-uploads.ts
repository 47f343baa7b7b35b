import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { UploadedImage } from '#shared/schemas/space-request.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Db } from '#server/db/client.ts';
import { spaceImages, spaceRevisions } from '#server/db/schema.ts';
import { UPLOAD_SWEEP_JOB, type UploadSweepJob } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { AppError } from '#server/http/app-error.ts';
import { containsMarkup, isPlainFileName, sniffImageFormat } from './image-checks.ts';
import { encodeImageVariants } from './image-variants.ts';

/** Images up to 10 MB each (docs/decisions/013-listing-wizard.md); beyond is a 413. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** An upload no listing claimed within this time is deleted (the sweep job). */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The URLs a browser loads each variant from, by width. */
export function variantUrls(storage: Storage, variants: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(variants).map(([width, key]) => [width, storage.publicUrl(key)]),
  );
}

/**
 * Checks one uploaded file, re-encodes it to WebP variants without metadata, stores them under
 * server-made keys, and records the upload (unclaimed) with its sweep job in one transaction.
 */
export async function storeUploadedImage(
  deps: { db: Db; storage: Storage },
  input: { uploaderId: string; fileName: string; bytes: Buffer },
): Promise<UploadedImage> {
  if (!isPlainFileName(input.fileName)) throw new AppError('IMAGE_FILE_NAME');
  if (input.bytes.length === 0) throw new AppError('IMAGE_EMPTY');
  if (input.bytes.length > IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE');

  const sniffed = sniffImageFormat(input.bytes);
  if (!sniffed || containsMarkup(input.bytes)) throw new AppError('IMAGE_UNSUPPORTED');

  let encoded;
  try {
    const meta = await sharp(input.bytes, { failOn: 'error' }).metadata();
    if (meta.format !== sniffed) throw new Error(`sniffed ${sniffed}, decoded ${meta.format}`);
    encoded = await encodeImageVariants(input.bytes);
  } catch {
    throw new AppError('IMAGE_UNSUPPORTED');
  }

  const id = randomUUID();
  const variants: Record<string, string> = {};
  try {
    for (const variant of encoded.variants) {
      const key = `uploads/${id}/${variant.width}.webp`;
      await deps.storage.put(key, variant.data, 'image/webp');
      variants[String(variant.width)] = key;
    }
    await deps.db.transaction(async (tx) => {
      await tx.insert(spaceImages).values({
        id,
        uploaderId: input.uploaderId,
        variants,
        width: encoded.width,
        height: encoded.height,
      });
      await enqueueJob(tx, {
        kind: UPLOAD_SWEEP_JOB,
        dedupeKey: `upload-sweep:${id}`,
        payload: { imageId: id } satisfies UploadSweepJob,
        runAt: new Date(Date.now() + UNCLAIMED_UPLOAD_TTL_MS),
      });
    });
  } catch (error) {
    // No row without files, no files without a row.
    await Promise.allSettled(Object.values(variants).map((key) => deps.storage.delete(key)));
    throw error;
  }
  return {
    id,
    width: encoded.width,
    height: encoded.height,
    urls: variantUrls(deps.storage, variants),
  };
}

/**
 * The sweep job: deletes an upload that no listing claimed (24 hours after it was made) and its
 * files. A claimed image is left alone.
 */
export async function sweepUnclaimedUpload(
  deps: { db: Db; storage: Storage },
  job: UploadSweepJob,
): Promise<boolean> {
  const [removed] = await deps.db
    .delete(spaceImages)
    .where(
      and(
        eq(spaceImages.id, job.imageId),
        isNull(spaceImages.spaceId),
        // An upload a host's edit proposes waits for the admin (approved: claimed; rejected or
        // replaced: deleted then).
        sql`not exists (select 1 from ${spaceRevisions} where ${spaceRevisions.status} = 'pending'
          and ${spaceRevisions.imageIds} @> jsonb_build_array(${spaceImages.id}::text))`,
      ),
    )
    .returning({ variants: spaceImages.variants });
  if (!removed) return false;
  await Promise.all(Object.values(removed.variants).map((key) => deps.storage.delete(key)));
  return true;
}
