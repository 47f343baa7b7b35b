/**
 * Renders the illustrations the public pages use (home hero and slideshow) to WebP files under
 * src/web/assets/illustrations/, from the same original SVG scenes as the demo listings.
 * Deterministic; the outputs are committed. Re-run after changing the scenes:
 *   npx tsx scripts/generate-web-illustrations.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { SpaceType } from '#shared/constants.ts';
import { renderSpaceIllustration } from './demo-images/space-illustrations.ts';

const out = fileURLToPath(new URL('../src/web/assets/illustrations', import.meta.url));
const scenes: { name: string; type: SpaceType; variant: number }[] = [
  { name: 'hero', type: 'other', variant: 0 },
  { name: 'event-hall', type: 'event_hall', variant: 0 },
  { name: 'photo-studio', type: 'photo_studio', variant: 1 },
  { name: 'meeting-room', type: 'meeting_room', variant: 0 },
  { name: 'podcasts', type: 'podcasts', variant: 0 },
  { name: 'outdoor-venues', type: 'outdoor_venues', variant: 0 },
];
const widths = [640, 1280];

await mkdir(out, { recursive: true });
for (const scene of scenes) {
  const png = await sharp(Buffer.from(renderSpaceIllustration(scene.type, scene.variant)))
    .png()
    .toBuffer();
  for (const width of widths) {
    const file = path.join(out, `${scene.name}-${width}.webp`);
    await writeFile(
      file,
      await sharp(png).resize({ width }).webp({ quality: 74, effort: 6 }).toBuffer(),
    );
    console.log(file);
  }
}
