import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibreTranslate } from '#server/adapters/translate/libretranslate.ts';
import { TranslationError } from '#server/adapters/translate/translator.ts';
import { startHttpServer } from '../support/servers/http-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInUser } from './listing-support.ts';

/** A local server that answers like LibreTranslate (`POST /translate` → `{translatedText}`). */
async function startFakeLibreTranslate(options: { apiKey?: string; fail?: boolean } = {}) {
  return startHttpServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.method !== 'POST' || request.url !== '/translate') {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: 'Not Found' }));
      return;
    }
    const body = JSON.parse(request.body.toString('utf8')) as Record<string, string>;
    if (options.fail) {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: 'Translation engine crashed' }));
      return;
    }
    if (options.apiKey && body.api_key !== options.apiKey) {
      response.statusCode = 403;
      response.end(JSON.stringify({ error: 'Invalid API key' }));
      return;
    }
    const dictionary: Record<string, string> = {
      'قاعة الياسمين': 'Jasmine Hall',
      'Jasmine Hall': 'قاعة الياسمين',
    };
    response.end(
      JSON.stringify({ translatedText: dictionary[body.q!] ?? `[${body.target}] ${body.q}` }),
    );
  });
}

describe('the LibreTranslate adapter', () => {
  it('sends q, source, target, format and api_key, and returns translatedText', async () => {
    const server = await startFakeLibreTranslate({ apiKey: 'k-123' });
    try {
      const translator = createLibreTranslate({ url: `${server.url}/`, apiKey: 'k-123' });
      expect(await translator.translate('قاعة الياسمين', 'ar', 'en')).toBe('Jasmine Hall');
      expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({
        q: 'قاعة الياسمين',
        source: 'ar',
        target: 'en',
        format: 'text',
        api_key: 'k-123',
      });
    } finally {
      await server.close();
    }
  });

  it('throws TranslationError on an error answer, a wrong key, or no answer at all', async () => {
    const failing = await startFakeLibreTranslate({ fail: true });
    const keyed = await startFakeLibreTranslate({ apiKey: 'right' });
    try {
      await expect(
        createLibreTranslate({ url: failing.url }).translate('x', 'ar', 'en'),
      ).rejects.toThrow(/500: Translation engine crashed/);
      await expect(
        createLibreTranslate({ url: keyed.url, apiKey: 'wrong' }).translate('x', 'ar', 'en'),
      ).rejects.toBeInstanceOf(TranslationError);
    } finally {
      await failing.close();
      await keyed.close();
    }
    await expect(
      createLibreTranslate({ url: failing.url, timeoutMs: 2000 }).translate('x', 'ar', 'en'),
    ).rejects.toThrow(/unreachable/);
  });
});

describe('POST /api/translate', () => {
  describe('with a provider', () => {
    let t: TestApp;
    let server: Awaited<ReturnType<typeof startFakeLibreTranslate>>;
    let cookie: string;
    beforeAll(async () => {
      server = await startFakeLibreTranslate({ apiKey: 'secret-key' });
      t = await createTestApp({
        env: { TRANSLATE_URL: server.url, TRANSLATE_API_KEY: 'secret-key' },
      });
      cookie = (await signedInUser(t)).cookie;
    });
    afterAll(async () => {
      await t.close();
      await server.close();
    });

    const translate = (payload: object, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ method: 'POST', url: '/api/translate', payload, headers });

    it('says translation is on in /api/config', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json<{ translation: boolean }>().translation).toBe(true);
    });

    it('translates for a signed-in user', async () => {
      const res = await translate({ text: 'قاعة الياسمين', from: 'ar', to: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ text: 'Jasmine Hall' });
      const back = await translate({ text: 'Jasmine Hall', from: 'en', to: 'ar' });
      expect(back.json()).toEqual({ text: 'قاعة الياسمين' });
    });

    it('refuses bad input with field messages and never calls the provider', async () => {
      const before = server.requests.length;
      const same = await translate({ text: 'x', from: 'ar', to: 'ar' });
      expect(same.statusCode).toBe(400);
      expect(same.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        to: 'هذه القيمة غير صالحة.',
      });
      const empty = await translate({ text: '', from: 'ar', to: 'en' });
      expect(empty.statusCode).toBe(400);
      const long = await translate({ text: 'x'.repeat(3001), from: 'ar', to: 'en' });
      expect(long.statusCode).toBe(400);
      expect(server.requests.length).toBe(before);
    });

    it('needs a signed-in user', async () => {
      const res = await translate({ text: 'x', from: 'ar', to: 'en' }, {});
      expect(res.statusCode).toBe(401);
    });
  });

  describe('when the provider fails', () => {
    let t: TestApp;
    let server: Awaited<ReturnType<typeof startFakeLibreTranslate>>;
    beforeAll(async () => {
      server = await startFakeLibreTranslate({ fail: true });
      t = await createTestApp({ env: { TRANSLATE_URL: server.url } });
    });
    afterAll(async () => {
      await t.close();
      await server.close();
    });

    it('answers 502 TRANSLATION_FAILED with the text in docs/product-spec.md', async () => {
      const { cookie } = await signedInUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/translate',
        payload: { text: 'قاعة', from: 'ar', to: 'en' },
        headers: { cookie, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: {
          code: 'TRANSLATION_FAILED',
          message: 'Translation failed. Please try again or enter manually.',
        },
      });
    });
  });

  describe('switched off (no TRANSLATE_URL)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('says so in /api/config and answers 409 TRANSLATION_OFF (never a 5xx)', async () => {
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json<{ translation: boolean }>().translation).toBe(false);
      const { cookie } = await signedInUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/translate',
        payload: { text: 'قاعة', from: 'ar', to: 'en' },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('TRANSLATION_OFF');
    });
  });
});
