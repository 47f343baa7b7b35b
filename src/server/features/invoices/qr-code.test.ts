import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataCodewords, encodeQr, formatBits, qrSvg } from './qr-code.ts';
import { decodeQrMatrix, matrixFromPixels } from './test-support/qr-decode.ts';
import { zatcaSample } from './test-support/zatca-sample.ts';

async function decodeSvg(svg: string, modulePx: number) {
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decodeQrMatrix(matrixFromPixels(data, info.width, info.channels, modulePx));
}

describe('QR encoder', () => {
  it('level M byte capacities equal the standard’s table (versions 1–20)', () => {
    const table = [
      14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
    ];
    table.forEach((bytes, i) => {
      const version = i + 1;
      const header = version <= 9 ? 12 : 20;
      expect(Math.floor((dataCodewords(version) * 8 - header) / 8), `v${version}`).toBe(bytes);
    });
  });

  it('format information matches the standard’s listed words for level M', () => {
    // ISO/IEC 18004, annex C: the format words of level M, masks 0–7
    const words = [
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ];
    words.forEach((w, mask) => expect(formatBits(mask).toString(2).padStart(15, '0')).toBe(w));
  });

  it('ZATCA’s sample QR text: rendered to an image and read back to the same text', async () => {
    const m = encodeQr(zatcaSample.qr);
    const { text } = await decodeSvg(qrSvg(m, 4), 4);
    expect(text).toBe(zatcaSample.qr);
  });

  it('short and Arabic texts, small versions', async () => {
    for (const sample of ['HourSpace', 'فاتورة ضريبية مبسطة', 'x'.repeat(100)]) {
      const m = encodeQr(sample);
      expect((await decodeSvg(qrSvg(m, 3), 3)).text).toBe(sample);
    }
  });
});
