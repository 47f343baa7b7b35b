import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP's strength (N=2^16, r=8, p=2 ≈ argon2id m=19 MiB t=2;
 * ASVS 5.0 §11.4.2). The parameters travel inside the hash, so they can be raised later and old
 * hashes still verify: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`.
 */
export interface ScryptStrength {
  log2N: number;
  r: number;
  p: number;
}

/** Every hash the app writes: sign-up, password change and reset, the demo seed. */
export const PASSWORD_STRENGTH: ScryptStrength = { log2N: 16, r: 8, p: 2 };
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

/**
 * `strength` is for the test factories only, which write thousands of users a run with a cheap
 * one (tests/fixtures/factories.ts); verification reads the strength from the hash either way.
 */
export async function hashPassword(
  password: string,
  strength: ScryptStrength = PASSWORD_STRENGTH,
): Promise<string> {
  const { log2N, r, p } = strength;
  const salt = randomBytes(16);
  const N = 2 ** log2N;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r, p) });
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
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
