import type { Locale } from '../constants.ts';

/**
 * The name an erased account keeps (decision 071): its `users.name` after the deletion sweep,
 * with no full name, phone or real email, so every view that greets or lists people by
 * `displayName` shows it without knowing about deletion. Both languages in one string, as the
 * row has no language of its reader; a view that knows its reader's language (a review's
 * signature) shows `formerPersonName(locale)` instead.
 */
export const FORMER_PERSON_NAME = 'ضيف سابق · a former guest';

const FORMER: Record<Locale, string> = { ar: 'ضيف سابق', en: 'a former guest' };

export const formerPersonName = (locale: Locale): string => FORMER[locale];

/** Whether a name is an erased account's. */
export const isFormerPerson = (name: string | null | undefined): boolean =>
  name === FORMER_PERSON_NAME;
