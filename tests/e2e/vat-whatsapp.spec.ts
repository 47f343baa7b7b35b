import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { vatPartHalalas } from '../../src/shared/domain/vat.ts';
import { formatPrice } from '../../src/shared/format.ts';
import { expect, test } from './fixtures.ts';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  LANGS,
  screenshot,
  signedInAs,
  useLang,
  WIDTHS,
  approveAsDesk,
} from './support.ts';

/**
 * Issue 20: prices a renter sees include VAT and say so; a VAT-registered host's booking shows its
 * VAT part in the booking dialog (and in the confirmation emails: tests/api/
 * vat-confirmation-emails.test.ts); a person turns WhatsApp notices on and off on the account
 * page (what the notices say and who gets them: tests/api/whatsapp-notices.test.ts). The host's
 * VAT question in the wizard is listing-wizard-vat.test.tsx's, beside the wizard. The
 * VAT-registered space is made for this spec through the API and archived after.
 */
const HOST = DEMO.host;
const NAME_AR = 'قاعة الضريبة التجريبية';
const NAME_EN = 'VAT Test Hall';
const PRICE = 18_000; // 180 SAR an hour, VAT included
const VAT_NUMBER = '310122393500003';

const T = {
  ar: {
    vatIncluded: 'شامل ضريبة القيمة المضافة',
    form: 'طلب الحجز',
    date: 'التاريخ',
    start: 'وقت البدء',
    end: 'وقت الانتهاء',
    guests: 'عدد الضيوف',
    phone: 'جوال التواصل',
    review: 'راجع الطلب',
    dialog: 'أكّد طلب الحجز',
    send: 'أرسل الطلب',
    total: 'الإجمالي (شامل ضريبة القيمة المضافة)',
    vat: 'منها ضريبة القيمة المضافة (15%)',
    whatsapp: /أرسلوا إليّ مستجدات الحجز عبر واتساب/,
    since: 'مفعّلة منذ',
  },
  en: {
    vatIncluded: 'VAT included',
    form: 'Booking request',
    date: 'Date',
    start: 'Start time',
    end: 'End time',
    guests: 'Guests',
    phone: 'Contact phone',
    review: 'Review the request',
    dialog: 'Confirm your booking request',
    send: 'Send the request',
    total: 'Total (VAT included)',
    vat: 'Of which VAT (15%)',
    whatsapp: /Send me booking updates on WhatsApp/,
    since: 'On since',
  },
} as const;

/** A date at least `daysAhead` days from today in Riyadh (the space is open every day). */
function dateAhead(daysAhead: number) {
  const d = new Date(Date.now() + 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}

/** An API client of the demo role signed in once for the run (auth.setup.ts). */
const apiOf = (
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  role: 'host' | 'admin',
) => playwright.request.newContext({ baseURL, storageState: signedInAs(role) });

/**
 * What a VAT-registered space's page has that another's has not (the details page itself is
 * scanned whole in explore.spec.ts): the booking panel with its VAT lines, and the dialog.
 */
const VAT_PARTS = '[role="dialog"], section[aria-labelledby="booking-panel-title"]';

test.describe('VAT-inclusive prices and WhatsApp consent', () => {
  test.describe.configure({ mode: 'serial' });
  // Every test here is the demo renter's, signed in once for the run.
  test.use({ storageState: signedInAs('renter') });
  let spaceId = '';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const host = await apiOf(playwright, baseURL!, 'host');
    const admin = await apiOf(playwright, baseURL!, 'admin');
    const buffer = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 90, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const upload = await host.post('/api/uploads/images', {
      multipart: { file: { name: 'hall.jpg', mimeType: 'image/jpeg', buffer } },
    });
    expect(upload.status()).toBe(201);
    const created = await host.post('/api/spaces', {
      data: {
        listingLanguage: 'ar',
        nameAr: NAME_AR,
        nameEn: NAME_EN,
        descriptionAr: 'قاعة اجتماعات هادئة في حي العليا.',
        descriptionEn: 'A quiet meeting hall in Al Olaya.',
        type: 'meeting_room',
        address: 'طريق العليا العام',
        city: 'riyadh',
        priceHalalas: PRICE,
        vatNumber: VAT_NUMBER,
        capacity: 12,
        amenities: ['wifi'],
        contactPhone: '0512345678',
        contactEmail: HOST.email,
        imageIds: [((await upload.json()) as { id: string }).id],
        availableDays: [
          'sunday',
          'monday',
          'tuesday',
          'wednesday',
          'thursday',
          'friday',
          'saturday',
        ],
        opensAt: '08:00',
        closesAt: '22:00',
      },
    });
    expect(created.status()).toBe(201);
    spaceId = ((await created.json()) as { id: string }).id;
    expect(await approveAsDesk(admin, spaceId)).toBe(200);
    await host.dispose();
    await admin.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const host = await apiOf(playwright, baseURL!, 'host');
    if (spaceId) await host.delete(`/api/me/spaces/${spaceId}`);
    await host.dispose();
  });

  for (const lang of LANGS) {
    const l = T[lang];
    const slot =
      lang === 'ar' ? { start: '10:00', end: '12:00' } : { start: '13:00', end: '15:00' };
    const total = PRICE * 2;
    const vat = vatPartHalalas(total);

    test(`${lang}: the details page and the booking dialog show VAT-inclusive prices; the booking keeps its VAT part`, async ({
      page,
    }) => {
      await useLang(page, lang);
      // One load; the other width is a resize (the layout is CSS only).
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`/space/${spaceId}`);
      const price = page.getByTestId('price-per-hour');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect(price).toContainText(formatPrice(PRICE, lang));
        await expect(price).toContainText(l.vatIncluded);
        await screenshot(page, `vat-details-${lang}-${width}`);
      }

      const form = page.getByRole('form', { name: l.form });
      await form.getByRole('textbox', { name: l.date }).fill(dateAhead(12));
      await form.getByLabel(l.start).selectOption(slot.start);
      await form.getByLabel(l.end).selectOption(slot.end);
      await form.getByLabel(l.guests).fill('3');
      await form.getByLabel(l.phone).fill('0551234567');
      await expect(form.getByText(l.total)).toBeVisible();
      await expect(form.getByText(l.vat)).toBeVisible();
      await expect(form.getByText(formatPrice(vat, lang))).toBeVisible();
      await form.getByRole('button', { name: l.review }).click();

      const dialog = page.getByRole('dialog', { name: l.dialog });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(l.total)).toBeVisible();
      await expect(dialog.getByText(formatPrice(total, lang))).toBeVisible();
      await expect(dialog.getByText(l.vat)).toBeVisible();
      await expect(dialog.getByText(formatPrice(vat, lang))).toBeVisible();
      await screenshot(page, `vat-dialog-${lang}-1280`, { fullPage: false });
      await expectNoSeriousA11yViolations(page, `booking dialog with VAT (${lang})`, {
        include: VAT_PARTS,
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `vat-dialog-${lang}-390`, { fullPage: false });
      await dialog.getByRole('button', { name: l.send }).click();
      await expect(dialog).toBeHidden();

      // The booking keeps its VAT part. Its confirmation emails, each with the total and its VAT
      // part in the reader's language: tests/api/vat-confirmation-emails.test.ts.
      const mine = (await (await page.request.get('/api/me/bookings')).json()) as {
        items: { id: string; spaceId: string; startTime: string; vatHalalas: number | null }[];
      };
      const booking = mine.items.find((b) => b.spaceId === spaceId && b.startTime === slot.start)!;
      expect(booking.vatHalalas).toBe(vat);
    });

    test(`${lang}: WhatsApp notices are off until turned on, and turn off again`, async ({
      page,
    }) => {
      await useLang(page, lang);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto('/account');
      const toggle = page.getByRole('checkbox', { name: l.whatsapp });
      const optedInAt = async () =>
        (
          (await (await page.request.get('/api/me')).json()) as {
            user: { whatsappOptInAt: string | null };
          }
        ).user.whatsappOptInAt;
      // One load; the other width is a resize (the layout is CSS only).
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect(toggle).not.toBeChecked();
        await toggle.check();
        await expect(page.getByText(l.since)).toBeVisible();
        await screenshot(page, `whatsapp-account-${lang}-${width}`, { fullPage: false });
        expect(await optedInAt()).not.toBeNull();
        await toggle.uncheck();
        await expect(page.getByText(l.since)).toHaveCount(0);
        await expect(toggle).not.toBeChecked();
        // Off is stored too (a reload used to show it).
        await expect.poll(optedInAt).toBeNull();
      }
    });
  }
});
