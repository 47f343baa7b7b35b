/**
 * Writing XML that is already in its canonical form (Canonical XML 1.1, which ZATCA hashes): no
 * XML declaration in what is hashed, no whitespace between elements, start and end tags always
 * (never `<a/>`), namespace declarations before attributes, attributes in order, and the
 * canonical escapes. Building the invoice this way makes "canonicalise, then hash" a plain hash
 * of the text we wrote; invoice-signing.test.ts canonicalises the signed document again with a
 * DOM parser to check that the two agree.
 */

export function escapeText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#xD;');
}

export function escapeAttribute(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

export type Attributes = readonly (readonly [name: string, value: string])[];

/**
 * One element. `attributes` in the order given — callers list namespace declarations first
 * (default, then by prefix) and attributes sorted by name, as canonical XML orders them.
 * `content`: text (escaped here) or child elements already written (an array, joined as is).
 */
export function el(
  name: string,
  content: string | readonly (string | null | undefined | false)[] = '',
  attributes: Attributes = [],
): string {
  const attrs = attributes.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('');
  const inner =
    typeof content === 'string'
      ? escapeText(content)
      : content.filter((c): c is string => typeof c === 'string').join('');
  return `<${name}${attrs}>${inner}</${name}>`;
}

/** Halalas as the decimal riyals of an invoice: 12345 → "123.45" (integer arithmetic). */
export function riyals(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) throw new RangeError('an amount must be whole halalas');
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(halalas);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
