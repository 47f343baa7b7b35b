import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/constants.ts';
import { CONTENT_PAGES, type ContentPageResponse } from '#shared/schemas/pages.ts';
import { PAGES_DIR } from '#server/features/pages/routes.ts';
import { TEST_BUSINESS_ENV } from '../support/business-env.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * /about, /terms and /privacy (issue 38): the business's Markdown in both languages, with the
 * configured identity filled in; the footer's identity comes with /api/config. The pages' HTML
 * (pre-rendered, status 200, titles) is tests/build/prerender.test.ts and tests/api/seo.test.ts.
 */
describe('the business’s pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: TEST_BUSINESS_ENV });
  });
  afterAll(async () => {
    await t.close();
  });

  const text = (page: ContentPageResponse, locale: 'ar' | 'en') => JSON.stringify(page[locale]);

  it.each(CONTENT_PAGES)(
    '%s: both languages, the identity filled in, no placeholder left',
    async (name) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/pages/${name}` });
      expect(res.statusCode).toBe(200);
      const page = res.json<ContentPageResponse>();
      expect(page.page).toBe(name);
      for (const locale of LOCALES) {
        expect(page[locale].length).toBeGreaterThan(3);
        expect(text(page, locale)).not.toContain('{{');
        expect(text(page, locale)).toContain(TEST_BUSINESS_ENV.BUSINESS_EMAIL);
      }
      expect(text(page, 'ar')).toContain(TEST_BUSINESS_ENV.BUSINESS_LEGAL_NAME_AR);
      expect(text(page, 'en')).toContain(TEST_BUSINESS_ENV.BUSINESS_LEGAL_NAME_EN);
    },
  );

  it('the privacy page names the PDPL rights, the data contact, the 72-hour breach report and cookies', async () => {
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/pages/privacy' })
    ).json<ContentPageResponse>();
    const en = text(page, 'en');
    for (const words of [
      'be informed',
      'access',
      'get a copy',
      'correct',
      'destroyed',
      '72 hours',
      'Cookies',
      '30 days',
    ])
      expect(en).toContain(words);
    const ar = text(page, 'ar');
    for (const words of [
      'العلم',
      'الوصول',
      'نسخة',
      'تصحيحها',
      'إتلافها',
      '72 ساعة',
      'ملفات تعريف الارتباط',
    ])
      expect(ar).toContain(words);
  });

  it('the terms say what the app enforces: the request expiry from the configuration', async () => {
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/pages/terms' })
    ).json<ContentPageResponse>();
    expect(text(page, 'en')).toContain(`within ${t.config.requests.ttlHours} hours`);
  });

  it('another page name is 404', async () => {
    for (const url of [
      '/api/pages/secrets',
      '/api/pages/..%2F..%2Fpackage.json',
      '/api/pages/README',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('every Markdown file is a page in both languages (no stray or missing file)', async () => {
    const files = (await readdir(PAGES_DIR)).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(files.sort()).toEqual(
      CONTENT_PAGES.flatMap((p) => LOCALES.map((l) => `${p}.${l}.md`)).sort(),
    );
    for (const file of files) {
      const source = await readFile(new URL(file, PAGES_DIR), 'utf8');
      expect(source.trim().length, file).toBeGreaterThan(200);
    }
  });

  it('/api/config gives the footer the configured identity', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<{
      business: Record<string, unknown>;
    }>();
    expect(config.business).toEqual({
      legalName: {
        ar: TEST_BUSINESS_ENV.BUSINESS_LEGAL_NAME_AR,
        en: TEST_BUSINESS_ENV.BUSINESS_LEGAL_NAME_EN,
      },
      commercialRegistration: TEST_BUSINESS_ENV.BUSINESS_CR_NUMBER,
      vatNumber: TEST_BUSINESS_ENV.BUSINESS_VAT_NUMBER,
      nationalAddress: {
        ar: t.config.business.nationalAddress.ar,
        en: t.config.business.nationalAddress.en,
      },
      email: TEST_BUSINESS_ENV.BUSINESS_EMAIL,
      phone: TEST_BUSINESS_ENV.BUSINESS_PHONE,
      isDevelopmentDefault: false,
    });
  });
});
