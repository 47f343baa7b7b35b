import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';
import type { FieldRule, WebErrorCode } from '#shared/message-codes.ts';
import type en from '../locales/en.json';
import type accountTexts from '../locales/sections/account/en.json';
import type adminTexts from '../locales/sections/admin/en.json';
import type authTexts from '../locales/sections/auth/en.json';
import type bookingTexts from '../locales/sections/booking/en.json';
import type contactTexts from '../locales/sections/contact/en.json';
import type datePickerTexts from '../locales/sections/date-picker/en.json';
import type faqTexts from '../locales/sections/faq/en.json';
import type hostWithUsTexts from '../locales/sections/host-with-us/en.json';
import type howItWorksTexts from '../locales/sections/how-it-works/en.json';
import type invoicesTexts from '../locales/sections/invoices/en.json';
import type listYourSpaceTexts from '../locales/sections/list-your-space/en.json';
import type listingTexts from '../locales/sections/listing/en.json';
import type hostingTexts from '../locales/sections/hosting/en.json';
import type listingEditTexts from '../locales/sections/listing-edit/en.json';
import type moneyTexts from '../locales/sections/money/en.json';
import type priceRulesTexts from '../locales/sections/price-rules/en.json';
import type messagesTexts from '../locales/sections/messages/en.json';
import type reviewsTexts from '../locales/sections/reviews/en.json';
import type shareTexts from '../locales/sections/share/en.json';
import type spacesTexts from '../locales/sections/spaces/en.json';

/**
 * The app's translations (docs/decisions/009-small-i18n-module.md): flat keys in
 * locales/{ar,en}.json, plus the shared field rules (`fields:rule`) and the few error texts the web
 * shows without a server answer (`errors:CODE`, WEB_ERROR_CODES; every other error's text comes
 * from the server in the user's language). Only the current language's files are downloaded. Keys
 * are checked by TypeScript.
 *
 * Texts only one screen uses live in a *section* (locales/sections/<name>/{ar,en}.json) that the
 * screen's route loads beside its code, so the home page never pays for the admin desk's words
 * (docs/decisions/019-text-sections.md). The same `t` reads base and loaded sections alike.
 */
type SectionTexts = typeof accountTexts &
  typeof adminTexts &
  typeof authTexts &
  typeof bookingTexts &
  typeof contactTexts &
  typeof datePickerTexts &
  typeof faqTexts &
  typeof hostWithUsTexts &
  typeof howItWorksTexts &
  typeof invoicesTexts &
  typeof listYourSpaceTexts &
  typeof listingTexts &
  typeof listingEditTexts &
  typeof hostingTexts &
  typeof moneyTexts &
  typeof messagesTexts &
  typeof priceRulesTexts &
  typeof reviewsTexts &
  typeof shareTexts &
  typeof spacesTexts;
export type MessageKey = keyof typeof en | keyof SectionTexts;
export const TEXT_SECTIONS = [
  'account',
  'admin',
  'auth',
  'booking',
  'contact',
  'date-picker',
  'faq',
  'host-with-us',
  'how-it-works',
  'invoices',
  'list-your-space',
  'listing',
  'listing-edit',
  'hosting',
  'money',
  'messages',
  'price-rules',
  'reviews',
  'share',
  'spaces',
] as const;
export type TextSection = (typeof TEXT_SECTIONS)[number];
export type TranslationKey = MessageKey | `errors:${WebErrorCode}` | `fields:${FieldRule}`;
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: TranslationKey, vars?: TranslateVars) => string;

type Catalogue = Partial<Record<MessageKey, string>>;

/**
 * localStorage key of the chosen language (docs/product-spec.md §1); public/locale-init.js reads it
 * too.
 */
export const LOCALE_STORAGE_KEY = 'locale';

interface ServerMessages {
  errors: Record<WebErrorCode, string>;
  fields: Record<FieldRule, string>;
}
interface LanguagePack {
  catalogue: Catalogue;
  messages: ServerMessages;
}

/** The app catalogue and the API's messages of one language, fetched side by side. */
const loaders: Record<Locale, () => Promise<LanguagePack>> = {
  ar: async () => {
    const [catalogue, messages] = await Promise.all([
      import('../locales/ar.json'),
      import('#shared/messages/ar-web.ts'),
    ]);
    return {
      catalogue: catalogue.default,
      messages: { errors: messages.webErrors, fields: messages.fields },
    };
  },
  en: async () => {
    const [catalogue, messages] = await Promise.all([
      import('../locales/en.json'),
      import('#shared/messages/en-web.ts'),
    ]);
    return {
      catalogue: catalogue.default,
      messages: { errors: messages.webErrors, fields: messages.fields },
    };
  },
};

/** One small chunk per section and language; only the current language's is fetched. */
const sectionFiles = import.meta.glob<Catalogue>('../locales/sections/*/*.json', {
  import: 'default',
});
const loadSection = (section: TextSection, locale: Locale): Promise<Catalogue> => {
  const load = sectionFiles[`../locales/sections/${section}/${locale}.json`];
  return load ? load() : Promise.resolve({});
};
/** Sections some route asked for; a language switch loads them all in the new language. */
const wantedSections = new Set<TextSection>();

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
  catalogue: Catalogue;
  messages: Partial<ServerMessages>;
  sections: ReadonlySet<TextSection>;
}

function makeState(
  locale: Locale,
  catalogue: Catalogue,
  messages: Partial<ServerMessages>,
  sections: ReadonlySet<TextSection> = new Set(),
): State {
  const t: Translate = (key, vars) => {
    let text: string | undefined;
    if (key.startsWith('errors:')) text = messages.errors?.[key.slice(7) as WebErrorCode];
    else if (key.startsWith('fields:')) text = messages.fields?.[key.slice(7) as FieldRule];
    else text = catalogue[key as MessageKey];
    return interpolate(text ?? key, vars);
  };
  return { locale, t, dir: locale === 'ar' ? 'rtl' : 'ltr', catalogue, messages, sections };
}

let state: State = makeState(DEFAULT_LOCALE, {}, {});
const listeners = new Set<() => void>();

export function savedLocale(): Locale {
  try {
    const saved = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * The language cookie: a copy of the choice for the server, which pre-renders the landing pages
 * in it (src/server/plugins/prerender.ts). localStorage stays the source of truth.
 */
export const LOCALE_COOKIE = 'locale';

function writeLocaleCookie(locale: Locale) {
  try {
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    /* cookies blocked: the server pre-renders in Arabic and the app redraws in the saved language */
  }
}

export function applyDocumentLocale(locale: Locale) {
  if (typeof document === 'undefined') return; // rendering on the server
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}

let activation: Promise<void> = Promise.resolve();
let activations = 0;

function notify() {
  for (const listener of listeners) listener();
}

function activate(locale: Locale): Promise<void> {
  const ticket = ++activations;
  activation = (async () => {
    // The sections routes already asked for load beside the language file, not after it.
    const [pack] = await Promise.all([
      loaders[locale](),
      ...[...wantedSections].map((s) => loadSection(s, locale)),
    ]);
    const catalogue: Catalogue = { ...pack.catalogue };
    const loaded = new Set<TextSection>();
    // A route may ask for a section while this runs: loop until every wanted one is in.
    for (;;) {
      const missing = [...wantedSections].filter((s) => !loaded.has(s));
      if (missing.length === 0) break;
      const parts = await Promise.all(missing.map((s) => loadSection(s, locale)));
      missing.forEach((s, i) => {
        Object.assign(catalogue, parts[i]);
        loaded.add(s);
      });
    }
    if (ticket !== activations) return; // a later switch won
    state = makeState(locale, catalogue, pack.messages, loaded);
    applyDocumentLocale(locale);
    notify();
  })();
  return activation;
}

/**
 * Makes the texts of `sections` available in the current language (and in any language chosen
 * later). Routes await it beside their code, so a page never renders a bare key.
 */
export async function loadTextSections(sections: readonly TextSection[]): Promise<void> {
  if (serverStates) return; // on the server every section of both languages is loaded
  for (const s of sections) wantedSections.add(s);
  for (;;) {
    await activation;
    // A language on its way (the router asks before main.tsx's initLocale has loaded the saved
    // one): its activation loads every wanted section, so none is fetched in the old language.
    if (targetLocale !== null && targetLocale !== state.locale) continue;
    const { locale } = state;
    const missing = sections.filter((s) => !state.sections.has(s));
    if (missing.length === 0) return;
    const parts = await Promise.all(missing.map((s) => loadSection(s, locale)));
    // A switch to another language meanwhile: its activation loads our (wanted) sections.
    if (state.locale !== locale || (targetLocale !== null && targetLocale !== locale)) continue;
    state = makeState(
      locale,
      Object.assign({}, state.catalogue, ...parts) as Catalogue,
      state.messages,
      new Set([...state.sections, ...missing]),
    );
    notify();
  }
}

/** The language being switched to (or last chosen); null before the first activation. */
let targetLocale: Locale | null = null;

/** Loads the saved (or default) language; main.tsx awaits it before the first render. */
export function initLocale(): Promise<void> {
  targetLocale = savedLocale();
  return activate(targetLocale);
}

/** Switches the language: remembered in localStorage, applied to <html lang dir>, every text redrawn. */
export async function setLocale(locale: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  writeLocaleCookie(locale);
  targetLocale = locale;
  await activate(locale);
}

/** On the server: both languages with every section, loaded once, to pre-render pages in. */
let serverStates: Record<Locale, State> | null = null;

export async function prepareServerLocales(): Promise<void> {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const [pack, ...parts] = await Promise.all([
        loaders[locale](),
        ...TEXT_SECTIONS.map((s) => loadSection(s, locale)),
      ]);
      const catalogue = Object.assign({}, pack.catalogue, ...parts) as Catalogue;
      return [locale, makeState(locale, catalogue, pack.messages, new Set(TEXT_SECTIONS))] as const;
    }),
  );
  serverStates = Object.fromEntries(entries) as Record<Locale, State>;
}

/**
 * On the server, right before a synchronous render: every `t` reads `locale`. Renders do not
 * interleave (renderToString does not yield), so one process serves both languages.
 */
export function selectServerLocale(locale: Locale) {
  if (!serverStates) throw new Error('prepareServerLocales() has not run');
  state = serverStates[locale];
}

/** For code outside React (the API client). */
export const currentLocale = (): Locale => state.locale;
export const translate: Translate = (key, vars) => state.t(key, vars);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language alone: re-renders only when it changes (not when a text section arrives). */
export function useLocale(): Locale {
  return useSyncExternalStore(
    subscribe,
    () => state.locale,
    () => state.locale,
  );
}

/** `{ t, i18n: { language, dir() } }` — re-renders the component when the language changes. */
export function useTranslation() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return { t: current.t, i18n: { language: current.locale, dir: () => current.dir } };
}
