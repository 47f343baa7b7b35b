/**
 * Reading a QR symbol back, for tests: from an image's pixels to the module matrix, then the
 * format information (checked against the BCH code by long division, level and mask), the data
 * and error-correction blocks (each checked by its Reed–Solomon syndromes — zero for a valid
 * codeword, computed by polynomial evaluation, not by the encoder's division), then the byte-mode
 * text. The function-pattern layout and block table are the encoder's (qr-code.ts).
 */
import {
  BLOCKS_M,
  dataModuleOrder,
  ECC_PER_BLOCK_M,
  functionPattern,
  gfMul,
  MASKS,
  rawDataModules,
} from '../qr-code.ts';

/** The module matrix of a grey image holding one symbol with a quiet zone, at `modulePx`. */
export function matrixFromPixels(
  pixels: Uint8Array,
  width: number,
  channels: number,
  modulePx: number,
): boolean[][] {
  const modules = Math.round(width / modulePx);
  const size = modules - 8;
  const grid: boolean[][] = [];
  for (let y = 0; y < size; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < size; x++) {
      const px = Math.floor((x + 4 + 0.5) * modulePx);
      const py = Math.floor((y + 4 + 0.5) * modulePx);
      row.push(pixels[(py * width + px) * channels]! < 128);
    }
    grid.push(row);
  }
  return grid;
}

function bchRemainder(data: number, generator: number, degree: number): number {
  let value = data << degree;
  for (let bit = 14; bit >= degree; bit--)
    if ((value >>> bit) & 1) value ^= generator << (bit - degree);
  return value;
}

function readFormat(m: boolean[][]): { level: number; mask: number } {
  const b = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  const positions: [number, number][] = [];
  for (let i = 0; i <= 5; i++) positions.push([8, i]);
  positions.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) positions.push([14 - i, 8]);
  let read = 0;
  positions.forEach(([x, y], i) => (read |= b(x, y) << i));
  let best = { distance: 99, level: -1, mask: -1 };
  for (let data = 0; data < 32; data++) {
    const word = ((data << 10) | bchRemainder(data, 0b10100110111, 10)) ^ 0x5412;
    let diff = word ^ read;
    let distance = 0;
    for (; diff; diff &= diff - 1) distance++;
    if (distance < best.distance) best = { distance, level: data >>> 3, mask: data & 7 };
  }
  if (best.distance > 3) throw new Error('unreadable format information');
  return best;
}

/** α^i in GF(256). */
const alphaPow = (i: number) => {
  let r = 1;
  for (let k = 0; k < i; k++) r = gfMul(r, 2);
  return r;
};

/** The syndromes of one block (codeword = data then ECC, first codeword the highest degree). */
export function syndromes(block: number[], eccLen: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < eccLen; i++) {
    const a = alphaPow(i);
    let s = 0;
    for (const c of block) s = gfMul(s, a) ^ c;
    out.push(s);
  }
  return out;
}

export function decodeQrMatrix(m: boolean[][]): { text: string; version: number; mask: number } {
  const size = m.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 40) throw new Error('bad size');
  const { level, mask } = readFormat(m);
  if (level !== 0) throw new Error(`level ${level}: only M is read here`);
  const fp = functionPattern(version);
  const bits = dataModuleOrder(fp).map(([x, y]) => (m[y]![x]! !== MASKS[mask]!(x, y) ? 1 : 0));
  const raw = Math.floor(rawDataModules(version) / 8);
  const codewords: number[] = [];
  for (let i = 0; i < raw; i++) {
    let v = 0;
    for (let k = 0; k < 8; k++) v = (v << 1) | bits[i * 8 + k]!;
    codewords.push(v);
  }
  const blocks = BLOCKS_M[version]!;
  const eccLen = ECC_PER_BLOCK_M[version]!;
  const shortBlocks = blocks - (raw % blocks);
  const shortData = Math.floor(raw / blocks) - eccLen;
  const dataLen = (j: number) => shortData + (j < shortBlocks ? 0 : 1);
  const parts: number[][] = Array.from({ length: blocks }, () => []);
  let k = 0;
  for (let i = 0; i < shortData + 1; i++) {
    for (let j = 0; j < blocks; j++) if (i < dataLen(j)) parts[j]!.push(codewords[k++]!);
  }
  for (let i = 0; i < eccLen; i++) for (let j = 0; j < blocks; j++) parts[j]!.push(codewords[k++]!);
  const data: number[] = [];
  parts.forEach((block, j) => {
    if (syndromes(block, eccLen).some((s) => s !== 0))
      throw new Error(`block ${j} fails its check`);
    data.push(...block.slice(0, dataLen(j)));
  });
  const bitAt = (i: number) => (data[i >>> 3]! >>> (7 - (i & 7))) & 1;
  const read = (from: number, len: number) => {
    let v = 0;
    for (let i = 0; i < len; i++) v = (v << 1) | bitAt(from + i);
    return v;
  };
  if (read(0, 4) !== 0b0100) throw new Error('not byte mode');
  const countBits = version <= 9 ? 8 : 16;
  const count = read(4, countBits);
  const bytes: number[] = [];
  for (let i = 0; i < count; i++) bytes.push(read(4 + countBits + i * 8, 8));
  return { text: Buffer.from(bytes).toString('utf8'), version, mask };
}
