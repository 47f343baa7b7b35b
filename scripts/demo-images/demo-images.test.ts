/**
 * The committed demo images (assets/demo-images/) are those the current generator makes: its
 * inputs hash as recorded in the manifest, and every file the manifest lists is there and is a
 * WebP of its width. Reads headers only; renders nothing (`npm run demo:images` does).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, SPACE_TYPES } from '#shared/constants.ts';
import {
  DEMO_IMAGES_DIR,
  generatorInputsHash,
  MANIFEST_FILE,
  VARIANTS_PER_TYPE,
  type DemoImagesManifest,
} from './inputs.ts';

/** A WebP file's size from its header (lossy VP8, lossless VP8L, extended VP8X), else null. */
function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ')
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X')
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}

const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as DemoImagesManifest;

describe('demo images (assets/demo-images)', () => {
  it('were generated from the current generator: else run `npm run demo:images`', () => {
    expect(manifest.inputsHash, 'stale: run `npm run demo:images` and commit the files').toBe(
      generatorInputsHash(),
    );
  });

  it('cover every space type and variant, at every product width', () => {
    const wanted = SPACE_TYPES.flatMap((type) =>
      Array.from({ length: VARIANTS_PER_TYPE }, (_, variant) => `${type}:${variant}`),
    );
    expect(manifest.images.map((i) => `${i.type}:${i.variant}`).sort()).toEqual(wanted.sort());
    for (const image of manifest.images)
      expect(Object.keys(image.variants).map(Number)).toEqual([...IMAGE_WIDTHS]);
  });

  it('are all there, each a WebP of its width; the largest gives the recorded size', () => {
    for (const image of manifest.images) {
      for (const [width, file] of Object.entries(image.variants)) {
        const full = path.join(DEMO_IMAGES_DIR, file);
        expect(existsSync(full), `${file} is missing: run \`npm run demo:images\``).toBe(true);
        const size = webpSize(readFileSync(full));
        expect(size, `${file} is not a WebP`).not.toBeNull();
        expect(size!.width, file).toBe(Math.min(Number(width), image.width));
        if (Number(width) === Math.max(...IMAGE_WIDTHS))
          expect(size, file).toEqual({ width: image.width, height: image.height });
      }
    }
  });
});
