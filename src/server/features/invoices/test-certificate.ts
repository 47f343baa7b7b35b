/**
 * The embedded default's signing identity (decision 064): without a ZATCA certificate configured,
 * invoices are signed with a local secp256k1 key and a self-signed X.509 certificate made here,
 * with Node's crypto only (the DER is written by hand below; Node reads certificates but does
 * not write them). It is made once per data directory and kept in DATA_DIR/zatca (never in git);
 * its subject says TEST so that nobody mistakes it for a CSID ZATCA issued.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

// --- a minimal DER writer: just what a certificate needs ---------------------------------------
function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, content: Buffer) =>
  Buffer.concat([Buffer.from([tag]), length(content.length), content]);
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128))
      chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}
function integer(bytes: Buffer): Buffer {
  let b = bytes;
  while (b.length > 1 && b[0] === 0 && b[1]! < 0x80) b = b.subarray(1);
  if (b[0]! >= 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const printable = (s: string) => tlv(0x13, Buffer.from(s, 'ascii'));
function utcTime(d: Date): Buffer {
  const p = (n: number) => String(n).padStart(2, '0');
  const s = `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  return tlv(0x17, Buffer.from(s, 'ascii'));
}

const ECDSA_WITH_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

/** An X.501 name: country, organisation, unit and common name, in that order. */
function name(parts: { c: string; o: string; ou: string; cn: string }): Buffer {
  const rdn = (type: string, value: Buffer) => set(seq(oid(type), value));
  return seq(
    rdn('2.5.4.6', printable(parts.c)),
    rdn('2.5.4.10', utf8(parts.o)),
    rdn('2.5.4.11', utf8(parts.ou)),
    rdn('2.5.4.3', utf8(parts.cn)),
  );
}

export interface SigningIdentityPem {
  privateKeyPem: string;
  certificatePem: string;
}

/** A new secp256k1 key and a self-signed certificate for it (valid `days` from `now`). */
export function makeTestSigningIdentity(opts: {
  commonName: string;
  organisation: string;
  now?: Date;
  days?: number;
  serial?: Buffer;
}): SigningIdentityPem {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const now = opts.now ?? new Date();
  const until = new Date(now.getTime() + (opts.days ?? 3650) * 86_400_000);
  const subject = name({ c: 'SA', o: opts.organisation, ou: 'TEST', cn: opts.commonName });
  const serial = opts.serial ?? Buffer.from(crypto.getRandomValues(new Uint8Array(16)));
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))), // version 3
    integer(serial),
    ECDSA_WITH_SHA256,
    subject, // issuer: self-signed
    seq(utcTime(now), utcTime(until)),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ECDSA_WITH_SHA256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return {
    privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    certificatePem: toPem('CERTIFICATE', der),
  };
}

export function toPem(label: string, der: Buffer): string {
  const body = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

export function privateKeyFromPem(pem: string): KeyObject {
  return createPrivateKey(pem);
}
