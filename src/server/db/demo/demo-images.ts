/**
 * The committed demo images (assets/demo-images/): where they are and the shape of their manifest.
 * `npm run demo:images` (scripts/demo-images/generate.ts) writes them; the seed copies them into
 * storage.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_IMAGES_DIR = fileURLToPath(
  new URL('../../../../assets/demo-images', import.meta.url),
);
export const DEMO_IMAGES_MANIFEST = path.join(DEMO_IMAGES_DIR, 'manifest.json');

/** Illustrations drawn per space type; the seed gives each listing three of its type's. */
export const VARIANTS_PER_TYPE = 4;

/** assets/demo-images/manifest.json */
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
