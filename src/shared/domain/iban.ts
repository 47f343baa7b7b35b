/**
 * Saudi IBANs, where hosts' payouts go (issue 32): `SA`, two check digits, then 22 digits (a
 * 2-digit bank code and an 18-digit account number) — 24 characters — valid when the ISO 13616
 * mod-97 check holds. One rule for the host's form and the server.
 */

/** SA + 22 digits, as stored. */
export const SAUDI_IBAN = /^SA\d{22}$/;

/**
 * An IBAN as typed ("sa03 8000 0000 6080 1016 7519", Arabic-Indic digits, dashes) → its 24
 * characters, upper case; not checked yet.
 */
export function normalizeIban(input: string): string {
  return input
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/[\s\u00A0\u200E\u200F-]/g, '')
    .toUpperCase();
}

/** The ISO 13616 check: the first four characters moved to the end, letters as 10–35, mod 97 = 1. */
export function ibanChecksumHolds(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export type IbanCheck = { ok: true; iban: string } | { ok: false; rule: 'iban' | 'ibanChecksum' };

/** A typed IBAN checked: not SA + 22 digits → `iban`; the check digits wrong → `ibanChecksum`. */
export function checkSaudiIban(input: string): IbanCheck {
  const iban = normalizeIban(input);
  if (!SAUDI_IBAN.test(iban)) return { ok: false, rule: 'iban' };
  if (!ibanChecksumHolds(iban)) return { ok: false, rule: 'ibanChecksum' };
  return { ok: true, iban };
}

/** What is shown once saved: the country, then only the last four digits (SA•• •••• … 7519). */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)}•• •••• •••• •••• •••• ${iban.slice(-4)}`;
}
