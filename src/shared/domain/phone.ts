/**
 * Saudi mobile numbers. People type them many ways — "5X XXX XXXX" after a fixed +966 prefix (the
 * sign-up form), "05XXXXXXXX", "9665XXXXXXXX", "+9665XXXXXXXX", "009665…", with spaces or dashes,
 * in Arabic-Indic digits from an Arabic keyboard. One function turns all of them into E.164
 * (+9665XXXXXXXX) or refuses them.
 */
const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Arabic-Indic digits (an Arabic keyboard) → Latin digits. */
export function latinDigits(input: string): string {
  return input.replace(ARABIC_INDIC, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** E.164 `+9665XXXXXXXX`, or null when it is not a Saudi mobile number. */
export function normalizeSaudiMobile(input: string): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const compact = latinDigits(input).replace(/[\s\-().]/g, '');
  const match = /^(?:\+966|00966|966|0)?(5\d{8})$/.exec(compact);
  return match ? `+966${match[1]}` : null;
}

/** `+966512345678` → `0512345678`, the way Saudis write their numbers. */
export function localSaudiMobile(e164: string): string {
  return e164.startsWith('+966') ? `0${e164.slice(4)}` : e164;
}

/**
 * The two ways to write a Saudi mobile number that every phone field takes (X a digit), as its
 * hint shows them: the contact-phone rule below is made of them, and sign-up and sign-in
 * (`normalizeSaudiMobile`) take both too.
 */
export const SAUDI_MOBILE_FORMS = { local: '05XXXXXXXX', international: '9665XXXXXXXX' } as const;

const SPEC_CONTACT_PHONE = new RegExp(
  `^(${Object.values(SAUDI_MOBILE_FORMS)
    .map((form) => form.replace(/X/g, '\\d'))
    .join('|')})$`,
);

/**
 * The contact-phone rule for listings and bookings in docs/product-spec.md §5: `05XXXXXXXX` or
 * `9665XXXXXXXX` (spaces and Arabic-Indic digits tolerated). Stricter than `normalizeSaudiMobile`:
 * no bare nine digits, no `+`.
 */
export function isSpecContactPhone(input: string): boolean {
  if (typeof input !== 'string' || input.length > 32) return false;
  const compact = latinDigits(input).replace(/[\s-]/g, '');
  return SPEC_CONTACT_PHONE.test(compact);
}
