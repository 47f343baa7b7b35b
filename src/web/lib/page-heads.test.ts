import { describe, expect, it } from 'vitest';
import { CITIES, LOCALES } from '#shared/constants.ts';
import { errorMessages } from '#shared/messages.ts';
import { PAGE_HEADS, PUBLIC_PAGES, type PublicPage } from '#shared/page-heads.ts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

type Texts = Record<string, string>;
const sectionFiles = import.meta.glob<Texts>('../locales/sections/*/*.json', {
  import: 'default',
  eager: true,
});

/**
 * The server's HTML names each public page with src/shared/page-heads.ts (decision 036); the
 * browser's tab with these texts (usePageMeta). They must be the same words, or a page would
 * change its title once the app takes over.
 */
const WEB_KEYS: Record<PublicPage, { section?: string; title?: string; description: string }> = {
  '/': { description: 'home.meta.description' },
  '/explore-spaces': {
    section: 'spaces',
    title: 'explore.title',
    description: 'explore.meta.description',
  },
  '/how-it-works': {
    section: 'how-it-works',
    title: 'howItWorks.title',
    description: 'howItWorks.meta.description',
  },
  '/host-with-us': {
    section: 'host-with-us',
    title: 'hostWithUs.title',
    description: 'hostWithUs.meta.description',
  },
  '/list-your-space': {
    section: 'list-your-space',
    title: 'listYourSpace.title',
    description: 'listYourSpace.meta.description',
  },
  '/faq': { section: 'faq', title: 'faq.title', description: 'faq.meta.description' },
  '/contact': {
    section: 'contact',
    title: 'contact.title',
    description: 'contact.meta.description',
  },
  '/about': { title: 'legal.about.title', description: 'legal.about.description' },
  '/terms': { title: 'legal.terms.title', description: 'legal.terms.description' },
  '/privacy': { title: 'legal.privacy.title', description: 'legal.privacy.description' },
};

describe('the server’s page heads say what the app says', () => {
  for (const locale of LOCALES) {
    const app = (locale === 'ar' ? ar : en) as Texts;
    const heads = PAGE_HEADS[locale];

    it(`${locale}: the site's name, title and description`, () => {
      expect(heads.siteName).toBe(app['app.name']);
      expect(heads.siteTitle).toBe(app['app.title']);
      expect(heads.siteDescription).toBe(app['app.description']);
    });

    it.each(PUBLIC_PAGES)(`${locale}: %s`, (page) => {
      const keys = WEB_KEYS[page];
      const texts = {
        ...app,
        ...(keys.section ? sectionFiles[`../locales/sections/${keys.section}/${locale}.json`] : {}),
      };
      expect(heads.pages[page].title).toBe(keys.title ? texts[keys.title] : null);
      expect(heads.pages[page].description).toBe(texts[keys.description]);
    });

    it(`${locale}: the not-found page and the cities`, () => {
      expect(heads.notFound.title).toBe(errorMessages[locale].NOT_FOUND);
      expect(heads.notFound.description).toBe(app['notFound.meta.description']);
      for (const city of CITIES) expect(heads.cities[city]).toBe(app[`cities.${city}`]);
    });
  }
});
