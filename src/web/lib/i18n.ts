import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';
import { errorMessages, fieldMessages } from '#shared/messages.ts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

/** localStorage key of the chosen language (spec §1); public/locale-init.js reads it too. */
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function savedLocale(): Locale {
  try {
    const saved = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function applyDocumentLocale(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}

/** Keys are flat strings with dots (`home.title`), so no key or namespace separator. */
void i18next.use(initReactI18next).init({
  lng: savedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  ns: ['common', 'errors', 'fields'],
  keySeparator: false,
  nsSeparator: ':',
  interpolation: { escapeValue: false },
  returnNull: false,
  resources: {
    ar: { common: ar, errors: errorMessages.ar, fields: fieldMessages.ar },
    en: { common: en, errors: errorMessages.en, fields: fieldMessages.en },
  },
});
applyDocumentLocale(i18next.language as Locale);

export async function setLocale(locale: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  await i18next.changeLanguage(locale);
  applyDocumentLocale(locale);
}

export { i18next };
