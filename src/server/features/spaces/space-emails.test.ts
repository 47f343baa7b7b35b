import { describe, expect, it } from 'vitest';
import { spaceApprovedEmail, spaceRejectedEmail } from './space-emails.ts';

const space = { id: 'sp-1', nameAr: 'استوديو العليا', nameEn: 'Olaya studio' };
const base = { publicUrl: 'https://hourspace.sa' };

describe('listing decision emails', () => {
  it('approved: in the host language, right to left in Arabic, with a link to the space', () => {
    const ar = spaceApprovedEmail({ ...base, locale: 'ar', to: 'h@x.sa', hostName: 'نورة', space });
    expect(ar.subject).toBe('تمت الموافقة على مساحتك «استوديو العليا»');
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain('https://hourspace.sa/space/sp-1');
    const en = spaceApprovedEmail({ ...base, locale: 'en', to: 'h@x.sa', hostName: 'Sam', space });
    expect(en.subject).toBe('Your space “Olaya studio” is approved');
    expect(en.html).toContain('dir="ltr"');
  });

  it('rejected: carries the reason, escaped in the HTML part', () => {
    const mail = spaceRejectedEmail({
      ...base,
      locale: 'en',
      to: 'h@x.sa',
      hostName: 'Sam',
      space,
      reason: 'Photos <blurry> & dark',
    });
    expect(mail.text).toContain('Photos <blurry> & dark');
    expect(mail.html).toContain('Photos &lt;blurry&gt; &amp; dark');
    expect(mail.html).not.toContain('<blurry>');
  });
});
