import type { SpaceImage } from '#shared/schemas/spaces.ts';

/** `url 480w, url 960w, …` for an `<img srcSet>` of a space's picture (any screen). */
export const imageSrcSet = (image: SpaceImage) =>
  image.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
