import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '#shared/constants.ts';

export interface EncodedImage {
  /** of the largest variant */
  width: number;
  height: number;
  variants: { width: ImageWidth; data: Buffer }[];
}

/**
 * Re-encodes an image to WebP at each product width. sharp decodes the real content (never
 * trusting a name or a content type), applies the EXIF orientation, and writes no metadata at
 * all — no camera, no GPS. Widths are never enlarged: a small image keeps its own size.
 */
export async function encodeImageVariants(input: Buffer): Promise<EncodedImage> {
  const source = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  const variants: EncodedImage['variants'] = [];
  let width = 0;
  let height = 0;
  for (const target of IMAGE_WIDTHS) {
    const { data, info } = await source
      .clone()
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: target, data });
    width = info.width;
    height = info.height;
  }
  return { width, height, variants };
}
