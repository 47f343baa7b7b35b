import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';
import { errorMessages, fieldMessages, type ErrorCode, type FieldRule } from '#shared/messages.ts';
import type en from '../locales/en.json';

/**
 * The app's translations (docs/decisions/009-small-i18n-module.md): flat keys in
 * locales/{ar,en}.json, plus the shared catalogue of API errors (`errors:CODE`) and field rules
 * (`fields:rule`). Only the current language's file is downloaded. Keys are checked by TypeScript.
 */
export type MessageKey = keyof typeof en;
export type TranslationKey = MessageKey | `errors:${ErrorCode}` | `fields:${FieldRule}`;
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: TranslationKey, vars?: TranslateVars) => string;

type Catalogue = Record<MessageKey, string>;

/** localStorage key of the chosen language (spec §1); public/locale-init.js reads it too. */
export const LOCALE_STORAGE_KEY = 'locale';

const loaders: Record<Locale, () => Promise<Catalogue>> = {
  ar: () => import('../locales/ar.json').then((m) => m.default),
  en: () => import('../locales/en.json').then((m) => m.default),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function interpolate(text: string, vars?: TranslateVars) {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

interface State {
  locale: Locale;
  t: Translate;
  dir: 'rtl' | 'ltr';
}

function makeState(locale: Locale, catalogue: Catalogue): State {
  const t: Translate = (key, vars) => {
    let text: string | undefined;
    if (key.startsWith('errors:')) text = errorMessages[locale][key.slice(7) as ErrorCode];
    else if (key.startsWith('fields:')) text = fieldMessages[locale][key.slice(7) as FieldRule];
    else text = catalogue[key as MessageKey];
    return interpolate(text ?? key, vars);
  };
  return { locale, t, dir: locale === 'ar' ? 'rtl' : 'ltr' };
}

let state: State = makeState(DEFAULT_LOCALE, {} as Catalogue);
const listeners = new Set<() => void>();

export function savedLocale(): Locale {
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

async function activate(locale: Locale) {
  const catalogue = await loaders[locale]();
  state = makeState(locale, catalogue);
  applyDocumentLocale(locale);
  for (const listener of listeners) listener();
}

/** Loads the saved (or default) language; main.tsx awaits it before the first render. */
export function initLocale(): Promise<void> {
  return activate(savedLocale());
}

/** Switches the language: remembered in localStorage, applied to <html lang dir>, every text redrawn. */
export async function setLocale(locale: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  await activate(locale);
}

/** For code outside React (the API client). */
export const currentLocale = (): Locale => state.locale;
export const translate: Translate = (key, vars) => state.t(key, vars);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `{ t, i18n: { language, dir() } }` — re-renders the component when the language changes. */
export function useTranslation() {
  const current = useSyncExternalStore(subscribe, () => state);
  return { t: current.t, i18n: { language: current.locale, dir: () => current.dir } };
}
