/**
 * What an upload must be before sharp sees it (issue: hosts list a space, "bad input").
 * The type is decided by the content — never the file name or the client's content type:
 * the first bytes must be a JPEG, PNG, WebP or AVIF/HEIF signature, sharp must decode the
 * whole file as that same format, and the bytes must carry no markup. The last rule refuses
 * polyglots (a valid JPEG followed by HTML or script, an image that is also a page): the
 * re-encoded variants could never carry the payload, but a file built to be two things is
 * refused outright rather than silently laundered.
 */

export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'heif';

export function sniffImageFormat(bytes: Buffer): SniffedFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (['avif', 'avis', 'heic', 'heix', 'mif1', 'msf1'].includes(brand)) return 'heif';
  }
  return null;
}

/**
 * Markup a browser or an interpreter would act on. Compressed image data contains these byte
 * sequences by chance with a probability far below one in a billion per file.
 */
const MARKUP = [
  '<script',
  '<html',
  '<!doctype',
  '<body',
  '<iframe',
  '<svg',
  '<?php',
  '<?xml',
  'javascript:',
  '<object',
  '<embed',
];

export function containsMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  return MARKUP.some((needle) => text.includes(needle));
}

/**
 * A file name as a browser sends it: a plain name, no folders. `../../etc/passwd`, `C:\x.jpg`,
 * control characters or an overlong name are refused (the name is never used for storage —
 * keys are server-made — but a path-like name is a sign of a forged request).
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !/[/\\]/.test(name) &&
    ![...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) &&
    name !== '.' &&
    name !== '..'
  );
}
