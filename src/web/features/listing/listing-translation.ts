import type { Locale } from '#shared/constants.ts';
import { useTranslation, type TranslateVars, type TranslationKey } from '../../lib/i18n.ts';
import ar from './locales/ar.json';
import en from './locales/en.json';

/**
 * The wizard's own texts (`listSpace.*`), in both languages, shipped with the wizard's lazy
 * chunk instead of the app-wide catalogue every page downloads first — the home page's
 * JavaScript budget has no room for them (docs/decisions/014-listing-texts-with-the-wizard.md).
 * `t` reads these keys here and every other key (space types, cities, errors…) from the app's.
 */
export type ListSpaceKey = keyof typeof en;
const catalogues: Record<Locale, Record<ListSpaceKey, string>> = { ar, en };

const interpolate = (text: string, vars?: TranslateVars) =>
  vars
    ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
        name in vars ? String(vars[name]) : whole,
      )
    : text;

const isListSpaceKey = (key: string): key is ListSpaceKey => key in en;

export function useListSpaceTranslation() {
  const { t: appT, i18n } = useTranslation();
  const catalogue = catalogues[i18n.language];
  const t = (key: ListSpaceKey | TranslationKey, vars?: TranslateVars): string =>
    isListSpaceKey(key) ? interpolate(catalogue[key], vars) : appT(key, vars);
  return { t, i18n };
}
