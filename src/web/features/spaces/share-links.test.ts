import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '#shared/page-heads.ts';
import { shareLinks } from './share-links.ts';

const id = '0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f';

describe('shareLinks', () => {
  it('carries the Arabic name and the Arabic canonical URL to every service', () => {
    const url = canonicalUrl('https://hourspace.sa', `/space/${id}`, 'ar');
    expect(url).toBe(`https://hourspace.sa/space/${id}`);
    const links = shareLinks({ name: 'قاعة الندى', text: 'شاهد «قاعة الندى»', url });
    const wa = new URL(links.whatsapp);
    expect(wa.origin + wa.pathname).toBe('https://wa.me/');
    expect(wa.searchParams.get('text')).toBe(`شاهد «قاعة الندى»\n${url}`);
    const x = new URL(links.x);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('text')).toBe('شاهد «قاعة الندى»');
    expect(x.searchParams.get('url')).toBe(url);
    const telegram = new URL(links.telegram);
    expect(telegram.origin + telegram.pathname).toBe('https://t.me/share/url');
    expect(telegram.searchParams.get('url')).toBe(url);
    expect(telegram.searchParams.get('text')).toBe('شاهد «قاعة الندى»');
  });

  it("puts the English URL (?lang=en) in an email's body, with the name as its subject", () => {
    const url = canonicalUrl('https://hourspace.sa', `/space/${id}`, 'en');
    expect(url).toBe(`https://hourspace.sa/space/${id}?lang=en`);
    const { email } = shareLinks({ name: 'Dew Hall & Co', text: 'Have a look', url });
    expect(email.startsWith('mailto:?')).toBe(true);
    // Percent-encoded (RFC 6068): "&" of the name cannot end the field, a space is never "+".
    expect(email).not.toContain('+');
    const fields = new URLSearchParams(email.slice('mailto:?'.length));
    expect(fields.get('subject')).toBe('Dew Hall & Co');
    expect(fields.get('body')).toBe(`Have a look\n${url}`);
    // The URL's own "?lang=en" stays inside the body, encoded.
    expect([...fields.keys()]).toEqual(['subject', 'body']);
  });
});
