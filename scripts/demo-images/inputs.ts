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
import { VARIANTS_PER_TYPE } from '#server/db/demo/demo-images.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export {
  DEMO_IMAGES_DIR,
  DEMO_IMAGES_MANIFEST as MANIFEST_FILE,
  VARIANTS_PER_TYPE,
  type DemoImagesManifest,
} from '#server/db/demo/demo-images.ts';

/** The files whose change changes the images (paths from the repository root). */
export const GENERATOR_SOURCES = [
  'scripts/demo-images/space-illustrations.ts',
  'scripts/demo-images/generate.ts',
  'src/server/features/images/image-variants.ts',
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
