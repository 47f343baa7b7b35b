// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '#shared/schemas/config.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import ContactPage from './contact-page.tsx';

/**
 * The contact page's WhatsApp link: the configured number (GET /api/config, the e2e server's
 * WHATSAPP_NUMBER), a greeting in the page's language, in a new tab. That /api/config passes the
 * number on is tests/api/contact.test.ts's "tells the web which switches are on".
 */
const config: PublicConfig = {
  googleSignIn: false,
  translation: false,
  whatsappNumber: '966511111111',
  business: {
    legalName: { ar: 'شركة تجريبية', en: 'Sample Co' },
    commercialRegistration: '1010123456',
    vatNumber: '310123456700003',
    nationalAddress: { ar: 'الرياض', en: 'Riyadh' },
    email: 'legal@example.test',
    phone: '+966112345678',
    isDevelopmentDefault: false,
  },
};
const api = vi.fn<typeof fetch>(async (input) => {
  if (String(input) === '/api/config')
    return new Response(JSON.stringify(config), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  return new Response(null, { status: 404 });
});

beforeAll(() => vi.stubGlobal('fetch', api));
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

describe('ContactPage', () => {
  it('links WhatsApp with a greeting in Arabic, in a new tab', async () => {
    await setLocale('ar');
    await loadTextSections(['contact']);
    render(<ContactPage />);
    const link = await screen.findByRole('link', { name: /واتساب/ });
    const href = link.getAttribute('href')!;
    expect(href).toMatch(/^https:\/\/wa\.me\/966511111111\?text=/);
    expect(decodeURIComponent(href.split('text=')[1]!)).toMatch(/[\u0600-\u06FF]/);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('greets in English on the English page', async () => {
    await setLocale('en');
    await loadTextSections(['contact']);
    render(<ContactPage />);
    const link = await screen.findByRole('link', { name: /WhatsApp/ });
    const href = link.getAttribute('href')!;
    expect(href).toMatch(/^https:\/\/wa\.me\/966511111111\?text=/);
    expect(decodeURIComponent(href.split('text=')[1]!)).toBe(
      'Hello HourSpace, I have a question about:',
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
