/**
 * The password policy (docs/product-spec.md §5): at least 8 characters with an uppercase letter, a
 * lowercase letter, a digit and a special character. Letters in any script count (Unicode classes);
 * long passphrases are welcome, up to 256 characters.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_RULES = ['length', 'uppercase', 'lowercase', 'digit', 'special'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

const tests: Record<PasswordRule, (password: string) => boolean> = {
  length: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  uppercase: (p) => /\p{Lu}/u.test(p),
  lowercase: (p) => /\p{Ll}/u.test(p),
  digit: (p) => /\p{Nd}/u.test(p),
  special: (p) => /[^\p{L}\p{Nd}]/u.test(p),
};

/** Each rule and whether the password meets it — the live checklist of the sign-up form. */
export function checkPassword(password: string): Record<PasswordRule, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((rule) => [rule, tests[rule](password)])) as Record<
    PasswordRule,
    boolean
  >;
}

export function meetsPasswordPolicy(password: string): boolean {
  return (
    typeof password === 'string' &&
    [...password].length <= PASSWORD_MAX_LENGTH &&
    PASSWORD_RULES.every((rule) => tests[rule](password))
  );
}
