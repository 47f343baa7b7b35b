/**
 * What the committed demo images (assets/demo-images/) are made from, and a hash of it: the
 * generator's sources and its parameters. `npm run demo:images` records the hash in the manifest;
 * demo-images.test.ts fails when the current sources hash differently (the files are stale) —
 * without rendering anything.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_WIDTHS, SPACE_TYPES } from '#shared/constants.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const DEMO_IMAGES_DIR = path.join(root, 'assets/demo-images');
export const MANIFEST_FILE = path.join(DEMO_IMAGES_DIR, 'manifest.json');

/** Illustrations drawn per space type; the seed gives each listing three of its type's. */
export const VARIANTS_PER_TYPE = 4;

/** The files whose change changes the images (paths from the repository root). */
export const GENERATOR_SOURCES = [
  'scripts/demo-images/space-illustrations.ts',
  'scripts/demo-images/generate.ts',
  'src/server/features/listing/image-variants.ts',
];

export function generatorInputsHash(): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      types: SPACE_TYPES,
      variantsPerType: VARIANTS_PER_TYPE,
      widths: IMAGE_WIDTHS,
    }),
  );
  for (const file of GENERATOR_SOURCES) {
    // Line endings normalised: a Windows checkout (autocrlf) hashes the same.
    const text = readFileSync(path.join(root, file), 'utf8').replace(/\r\n/g, '\n');
    hash.update(`\0${file}\0${text}`);
  }
  return hash.digest('hex');
}

/** assets/demo-images/manifest.json (the seed reads the same shape: src/server/db/seed.ts). */
export interface DemoImagesManifest {
  about: string;
  inputsHash: string;
  images: {
    type: string;
    variant: number;
    /** of the largest variant */
    width: number;
    height: number;
    /** width → file, relative to assets/demo-images/ (its storage key is `seed/<file>`) */
    variants: Record<string, string>;
  }[];
}
