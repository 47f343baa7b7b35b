/**
 * The QR code of a Saudi e-invoice (ZATCA, XML implementation standard §QR; security features
 * standard): the base64 of a sequence of tag–length–value records, one byte for the tag, one byte
 * for the length in bytes, then the value's bytes. Phase 2 uses tags 1–9:
 *   1 seller's name, 2 seller's VAT number, 3 time stamp (ISO 8601), 4 total with VAT,
 *   5 VAT total (all UTF-8 text), 6 the invoice hash (its base64 text), 7 the ECDSA signature
 *   (its base64 text), 8 the public key (DER SubjectPublicKeyInfo bytes), 9 the certificate's
 *   own signature (DER bytes; simplified invoices only).
 * The layout was checked against ZATCA's published sample (invoice-signing.test.ts).
 */

export type TlvValue = string | Uint8Array;

/** One byte of length: a value longer than 255 bytes cannot be encoded (ZATCA's format). */
export function encodeTlv(records: readonly (readonly [tag: number, value: TlvValue])[]): string {
  const parts: Buffer[] = [];
  for (const [tag, value] of records) {
    if (!Number.isInteger(tag) || tag < 1 || tag > 255) throw new RangeError(`bad TLV tag ${tag}`);
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
    if (bytes.length > 255)
      throw new RangeError(`TLV tag ${tag} is ${bytes.length} bytes (max 255)`);
    parts.push(Buffer.from([tag, bytes.length]), bytes);
  }
  return Buffer.concat(parts).toString('base64');
}

/** The records of a base64 TLV string, in order; throws on a truncated record. */
export function decodeTlv(base64: string): { tag: number; value: Buffer }[] {
  const bytes = Buffer.from(base64, 'base64');
  const records: { tag: number; value: Buffer }[] = [];
  let i = 0;
  while (i < bytes.length) {
    if (i + 2 > bytes.length) throw new RangeError('truncated TLV record');
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    if (i + 2 + length > bytes.length) throw new RangeError(`truncated TLV value of tag ${tag}`);
    records.push({ tag, value: bytes.subarray(i + 2, i + 2 + length) });
    i += 2 + length;
  }
  return records;
}
