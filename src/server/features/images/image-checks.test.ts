import { describe, expect, it } from 'vitest';
import { containsMarkup, isPlainFileName, sniffImageFormat } from './image-checks.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('sniffImageFormat', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['heif', bytes([0, 0, 0, 0x1c], 'ftypavif')],
    ['heif', bytes([0, 0, 0, 0x18], 'ftypheic')],
  ])('recognises %s by its first bytes', (format, data) => {
    expect(sniffImageFormat(data)).toBe(format);
  });

  it.each([
    ['text', bytes('Prices: 150 SAR')],
    ['GIF', bytes('GIF89a')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypmp42')],
    ['empty', Buffer.alloc(0)],
    ['half a PNG signature', bytes([0x89, 0x50, 0x4e])],
  ])('refuses %s', (_label, data) => {
    expect(sniffImageFormat(data)).toBeNull();
  });
});

describe('containsMarkup', () => {
  it.each([
    '<script>',
    '<HTML>',
    '<!DOCTYPE html>',
    '<svg onload=x>',
    '<?php',
    'JavaScript:alert(1)',
  ])('finds %s anywhere in the bytes', (needle) => {
    expect(containsMarkup(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], needle, [0xff, 0xd9]))).toBe(
      true,
    );
  });
  it('finds nothing in plain binary data', () => {
    expect(containsMarkup(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF<>scrip t', [0xff, 0xd9]))).toBe(
      false,
    );
  });
});

describe('isPlainFileName', () => {
  it.each([
    'photo.jpg',
    'صورة القاعة.jpeg',
    'IMG_2031 (1).HEIC',
    'hall..final.png',
    'a'.repeat(255),
  ])('accepts %s', (name) => {
    expect(isPlainFileName(name)).toBe(true);
  });
  it.each([
    '',
    '.',
    '..',
    '../x.jpg',
    'a/b.jpg',
    'C:\\photos\\x.jpg',
    'x\u0000.jpg',
    'x\n.jpg',
    'a'.repeat(256),
  ])('refuses %j', (name) => {
    expect(isPlainFileName(name)).toBe(false);
  });
});
