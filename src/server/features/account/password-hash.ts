import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP's strength (N=2^16, r=8, p=2 ≈ argon2id m=19 MiB t=2;
 * ASVS 5.0 §11.4.2). The parameters travel inside the hash, so they can be raised later and old
 * hashes still verify: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`.
 */
const LOG2_N = 16;
const R = 8;
const P = 2;
const KEY_LENGTH = 64;

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const maxmem = (n: number, r: number, p: number) => 128 * n * r * p + 16 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** LOG2_N;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R, P) });
  return ['scrypt', LOG2_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const N = 2 ** Number(logN);
  const R_ = Number(r);
  const P_ = Number(p);
  if (![N, R_, P_].every((v) => Number.isInteger(v) && v > 0) || Number(logN) > 20) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: R_,
    p: P_,
    maxmem: maxmem(N, R_, P_),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
