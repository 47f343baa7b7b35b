/**
 * ECDSA verification on secp256k1 in plain BigInt arithmetic (SEC 1 §4.1.4), written apart from
 * Node's crypto (OpenSSL) so that the invoices' signatures are checked by a second, independent
 * implementation. Slow and not constant-time: for tests only.
 */
const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const G: Point = [
  0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
];
type Point = [bigint, bigint] | null;

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
function inv(a: bigint, m: bigint): bigint {
  let [r0, r1, s0, s1] = [mod(a, m), m, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, m);
}
function add(a: Point, b: Point): Point {
  if (!a) return b;
  if (!b) return a;
  if (a[0] === b[0] && mod(a[1] + b[1], P) === 0n) return null;
  const l =
    a[0] === b[0] && a[1] === b[1]
      ? mod(3n * a[0] * a[0] * inv(2n * a[1], P), P)
      : mod((b[1] - a[1]) * inv(b[0] - a[0], P), P);
  const x = mod(l * l - a[0] - b[0], P);
  return [x, mod(l * (a[0] - x) - a[1], P)];
}
function mul(k: bigint, p: Point): Point {
  let r: Point = null;
  let q = p;
  for (let e = k; e > 0n; e >>= 1n) {
    if (e & 1n) r = add(r, q);
    q = add(q, q);
  }
  return r;
}
const big = (b: Uint8Array) => BigInt(`0x${Buffer.from(b).toString('hex') || '0'}`);

/** r and s of a DER ECDSA signature (SEQUENCE of two INTEGERs, short lengths). */
function derSignature(der: Buffer): [bigint, bigint] {
  if (der[0] !== 0x30) throw new Error('not a DER signature');
  const rLen = der[3]!;
  const r = der.subarray(4, 4 + rLen);
  const sLen = der[5 + rLen]!;
  const s = der.subarray(6 + rLen, 6 + rLen + sLen);
  return [big(r), big(s)];
}

/** The public point of an uncompressed SubjectPublicKeyInfo (its last 65 bytes: 04 ‖ x ‖ y). */
function spkiPoint(spki: Buffer): Point {
  const raw = spki.subarray(spki.length - 65);
  if (raw[0] !== 4) throw new Error('expected an uncompressed point');
  return [big(raw.subarray(1, 33)), big(raw.subarray(33))];
}

export function verifySecp256k1(digest: Uint8Array, derSig: Buffer, spki: Buffer): boolean {
  const [r, s] = derSignature(derSig);
  if (r <= 0n || r >= N || s <= 0n || s >= N) return false;
  const pub = spkiPoint(spki);
  const [x, y] = pub!;
  if (mod(y * y - (x * x * x + 7n), P) !== 0n) return false; // not on the curve
  const w = inv(s, N);
  const point = add(mul(mod(big(digest) * w, N), G), mul(mod(r * w, N), pub));
  return point !== null && mod(point[0], N) === r;
}
