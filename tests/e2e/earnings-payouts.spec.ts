import { expect, test } from './fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  LANGS,
  openHostingSection,
  screenshot,
  signedInAs,
  useLang,
} from './support.ts';

/**
 * Money screens of issue 32 that need no payment to show: the demo host's payout account in the
 * Hosting tab (a wrong check digit named in the reader's language, then the IBAN saved and shown
 * masked) beside their earnings, and the admins' Payouts section. The earnings with payments in
 * them are the payments journey's (helper "pay"); the sums are proven in tests/api/money.test.ts.
 * Arabic and English, 390 and 1280 px, axe at each language's desktop width.
 */
const WRONG = 'SA03 8000 0000 6080 1016 7518';
const VALID = 'SA03 8000 0000 6080 1016 7519';
const MASKED = 'SA•• •••• •••• •••• •••• 7519';

const T = {
  ar: {
    iban: 'رقم الآيبان (IBAN)',
    holder: 'اسم صاحب الحساب',
    save: 'احفظ الآيبان',
    change: 'غيّر الآيبان',
    checksum: 'أرقام التحقق في هذا الآيبان لا تطابق بقيته.',
    earnings: 'الأرباح',
    payouts: 'تحويل المستحقات',
    nothingDue: 'لا توجد مستحقات للمضيفين الآن.',
  },
  en: {
    iban: 'IBAN',
    holder: 'Account holder’s name',
    save: 'Save IBAN',
    change: 'Change IBAN',
    checksum: "This IBAN's check digits do not match the rest of it.",
    earnings: 'Earnings',
    payouts: 'Payouts',
    nothingDue: 'Nothing is owed to hosts right now.',
  },
} as const;

test.describe('host earnings and payout account', () => {
  test.use({ storageState: signedInAs('host') });

  test('the IBAN is checked, saved and shown masked beside the earnings (ar/en × 390/1280)', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    for (const lang of LANGS) {
      const t = T[lang];
      const section = await openHostingSection(page, lang, {
        earnings: t.earnings,
        testId: 'payout-account',
      });
      // The account loads after the heading: wait for its form or its saved IBAN before looking
      // (the English round finds the one the Arabic round saved).
      await expect(
        section.getByRole('button', { name: t.change }).or(section.getByLabel(t.iban)),
      ).toBeVisible();
      if (await section.getByRole('button', { name: t.change }).isVisible()) {
        await section.getByRole('button', { name: t.change }).click();
      }
      await section.getByLabel(t.iban).fill(WRONG);
      await section.getByLabel(t.holder).fill('نورة السالم');
      await section.getByRole('button', { name: t.save }).click();
      await expect(section.getByRole('alert')).toContainText(t.checksum);
      await expect(section.getByLabel(t.iban)).toHaveAttribute('aria-invalid', 'true');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await section.scrollIntoViewIfNeeded();
        if (width === 1280) await expectNoSeriousA11yViolations(page, `IBAN error (${lang})`);
        await screenshot(page, `earnings-iban-error-${lang}-${width}`, { fullPage: false });
      }
      await section.getByLabel(t.iban).fill(VALID);
      await section.getByRole('button', { name: t.save }).click();
      await expect(section.getByTestId('iban-masked')).toHaveText(MASKED);
      await expect(section).not.toContainText('8000');
      await page.reload();
      await expect(page.getByTestId('payout-account').getByTestId('iban-masked')).toHaveText(
        MASKED,
      );
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId('host-earnings').scrollIntoViewIfNeeded();
        if (width === 1280) await expectNoSeriousA11yViolations(page, `earnings (${lang})`);
        await screenshot(page, `earnings-saved-${lang}-${width}`, { fullPage: false });
      }
    }
  });
});

test.describe('admin payouts', () => {
  test.use({ storageState: signedInAs('admin') });

  test('the Payouts section says what is due and lists the payouts made (ar/en × 390/1280)', async ({
    page,
  }) => {
    for (const lang of LANGS) {
      const t = T[lang];
      await useLang(page, lang);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/admin/dashboard?tab=payouts');
      await expect(page.getByRole('heading', { name: t.payouts, level: 2 })).toBeVisible();
      const desk = page.getByTestId('admin-payouts');
      // The demo has no payments: nothing is due, and the button waits for something to pay.
      await expect(desk).toContainText(t.nothingDue);
      await expect(desk.getByRole('button')).toBeDisabled();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        if (width === 1280) await expectNoSeriousA11yViolations(page, `payouts (${lang})`);
        await screenshot(page, `payouts-${lang}-${width}`);
      }
    }
  });
});
