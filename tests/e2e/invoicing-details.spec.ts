import { expect, test } from './fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  LANGS,
  openHostingSection,
  screenshot,
  signedInAs,
} from './support.ts';

/**
 * The demo host's tax invoice details in the Hosting tab (issue 33, decision 074): their listings
 * are VAT-registered and the details are missing, so the section says what the invoices lack and
 * opens the form with the first listing's VAT number; a postal code of four digits is named in
 * the reader's language; saved, the details show as the invoice prints them, and the listings
 * registered with other VAT numbers are named. The rules and what the invoices carry are proven
 * in tests/api/invoicing-details.test.ts. Arabic and English, 390 and 1280 px, axe at each
 * language's desktop width.
 */
const T = {
  ar: {
    earnings: 'الأرباح',
    missing: 'بيانات الفاتورة ناقصة',
    change: 'تعديل البيانات',
    nameAr: 'الاسم المسجل بالعربية',
    nameEn: 'الاسم المسجل بالإنجليزية (اختياري)',
    cr: 'رقم السجل التجاري (اختياري)',
    vat: 'الرقم الضريبي',
    building: 'رقم المبنى',
    street: 'الشارع',
    district: 'الحي',
    city: 'المدينة',
    postal: 'الرمز البريدي',
    additional: 'الرقم الإضافي',
    save: 'حفظ البيانات',
    postalRule: 'أدخل الرمز البريدي المكوّن من 5 أرقام.',
    saved: 'حُفظت. تحمل فواتيرك القادمة هذه البيانات.',
    mismatch: 'الرقم الضريبي لهذه المساحات يختلف',
  },
  en: {
    earnings: 'Earnings',
    missing: 'your invoice details are missing',
    change: 'Change details',
    nameAr: 'Registered name in Arabic',
    nameEn: 'Registered name in English (optional)',
    cr: 'Commercial registration number (optional)',
    vat: 'VAT number',
    building: 'Building number',
    street: 'Street',
    district: 'District',
    city: 'City',
    postal: 'Postal code',
    additional: 'Additional number',
    save: 'Save details',
    postalRule: 'Enter the 5-digit postal code.',
    saved: 'Saved. Your next invoices carry these details.',
    mismatch: 'These spaces have a VAT number different',
  },
} as const;

test.describe('host tax invoice details', () => {
  test.use({ storageState: signedInAs('host') });

  test('missing details are asked for, checked, saved and shown (ar/en × 390/1280)', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    for (const lang of LANGS) {
      const t = T[lang];
      const section = await openHostingSection(page, lang, {
        earnings: t.earnings,
        testId: 'invoicing-details',
      });
      // The Arabic round finds the details missing; the English round finds them saved.
      await expect(
        section.getByRole('button', { name: t.change }).or(section.getByLabel(t.nameAr)),
      ).toBeVisible();
      if (lang === 'ar') {
        await expect(section.getByTestId('invoicing-warnings')).toContainText(t.missing);
        // the first VAT-registered listing's number is already there
        await expect(section.getByLabel(t.vat)).toHaveValue('310122393500003');
      } else {
        await section.getByRole('button', { name: t.change }).click();
      }
      await section.getByLabel(t.nameAr).fill('مؤسسة نورة العتيبي للضيافة');
      await section.getByLabel(t.nameEn).fill('Noura Al-Otaibi Hospitality Est.');
      await section.getByLabel(t.cr).fill('١٠١٠٦٥٤٣٢١');
      await section.getByLabel(t.building).fill('8228');
      await section.getByLabel(t.street).fill('طريق الأمير محمد بن عبدالعزيز');
      await section.getByLabel(t.district).fill('العليا');
      await section.getByLabel(t.city).fill('الرياض');
      await section.getByLabel(t.postal).fill('1264');
      await section.getByLabel(t.additional).fill('2121');
      await section.getByRole('button', { name: t.save }).click();
      await expect(section.getByRole('alert')).toHaveText(t.postalRule);
      await expect(section.getByLabel(t.postal)).toHaveAttribute('aria-invalid', 'true');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await section.scrollIntoViewIfNeeded();
        if (width === 1280) await expectNoSeriousA11yViolations(page, `invoicing form (${lang})`);
        await screenshot(page, `invoicing-error-${lang}-${width}`, { fullPage: false });
      }
      await section.getByLabel(t.postal).fill('12643');
      await section.getByRole('button', { name: t.save }).click();
      await expect(section.getByRole('status')).toHaveText(t.saved);
      const saved = section.getByTestId('invoicing-saved');
      await expect(saved).toContainText('مؤسسة نورة العتيبي للضيافة');
      await expect(saved).toContainText('1010654321');
      await expect(saved).toContainText(
        '8228 طريق الأمير محمد بن عبدالعزيز، العليا، الرياض 12643-2121',
      );
      // The demo host's other listings are registered with other VAT numbers: named.
      await expect(section.getByTestId('invoicing-warnings')).toContainText(t.mismatch);
      await expect(section.getByTestId('invoicing-warnings')).not.toContainText(t.missing);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await section.scrollIntoViewIfNeeded();
        if (width === 1280) await expectNoSeriousA11yViolations(page, `invoicing saved (${lang})`);
        await screenshot(page, `invoicing-saved-${lang}-${width}`, { fullPage: false });
      }
    }
  });
});
