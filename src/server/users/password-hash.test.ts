import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_STRENGTH, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Tr0ub4dor&3-كلمة');
    expect(hash).toMatch(/^scrypt\$16\$8\$2\$/);
    expect(await verifyPassword(hash, 'Tr0ub4dor&3-كلمة')).toBe(true);
    expect(await verifyPassword(hash, 'Tr0ub4dor&3')).toBe(false);
  });

  it('hashes at OWASP strength unless told otherwise', () => {
    expect(PASSWORD_STRENGTH).toEqual({ log2N: 16, r: 8, p: 2 });
  });

  it('verifies a hash at the strength written inside it (the test factories write cheap ones)', async () => {
    const cheap = await hashPassword('Cheap#Pass1', { log2N: 10, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword(cheap, 'Cheap#Pass1')).toBe(true);
    expect(await verifyPassword(cheap, 'Cheap#Pass2')).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('Same#Pass1')).not.toBe(await hashPassword('Same#Pass1'));
  });

  it('accepts long passphrases', async () => {
    const phrase = 'correct horse battery staple — حصان صحيح بطارية دبوس — 2026!'.repeat(2);
    expect(phrase.length).toBeGreaterThan(64);
    expect(await verifyPassword(await hashPassword(phrase), phrase)).toBe(true);
  });

  it('refuses malformed hashes without throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$99$8$1$AA$AA', 'bcrypt$x$y$z$a$b']) {
      expect(await verifyPassword(bad, 'x')).toBe(false);
    }
  });
});
