import sharp from 'sharp';
import { vatPartHalalas } from '../../src/shared/domain/vat.ts';
import { formatPrice } from '../../src/shared/format.ts';
import { expect, test } from './fixtures.ts';
import {
  apiAs,
  DEMO,
  expectNoSeriousA11yViolations,
  findMail,
  LANGS,
  screenshot,
  signInApi,
  useLang,
  WIDTHS,
} from './support.ts';

/**
 * Issue 20: prices a renter sees include VAT and say so; a VAT-registered host's booking shows its
 * VAT part in the booking dialog and the confirmation email; the host answers the VAT question in
 * the wizard; a person turns WhatsApp notices on and off on the account page. The VAT-registered
 * space is made for this spec through the API and archived after.
 */
const HOST = DEMO.host;
const ADMIN = DEMO.admin;
const RENTER = DEMO.renter;
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
    next: 'التالي',
    vatRegistered: 'مسجَّل في ضريبة القيمة المضافة (15%)',
    vatNumber: 'الرقم الضريبي',
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
    next: 'Next',
    vatRegistered: 'VAT-registered (15%)',
    vatNumber: 'VAT registration number',
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

test.describe('VAT-inclusive prices and WhatsApp consent', () => {
  test.describe.configure({ mode: 'serial' });
  let spaceId = '';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const host = await apiAs(playwright, baseURL!, HOST);
    const admin = await apiAs(playwright, baseURL!, ADMIN);
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
    expect((await admin.post(`/api/admin/spaces/${spaceId}/approve`)).status()).toBe(200);
    await host.dispose();
    await admin.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const host = await apiAs(playwright, baseURL!, HOST);
    if (spaceId) await host.delete(`/api/me/spaces/${spaceId}`);
    await host.dispose();
  });

  for (const lang of LANGS) {
    const l = T[lang];
    const slot =
      lang === 'ar' ? { start: '10:00', end: '12:00' } : { start: '13:00', end: '15:00' };
    const total = PRICE * 2;
    const vat = vatPartHalalas(total);

    test(`${lang}: the details page, the booking dialog and the confirmation email show VAT-inclusive prices`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await useLang(page, lang);
      await signInApi(page.request, baseURL!, RENTER);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/space/${spaceId}`);
        const price = page.getByTestId('price-per-hour');
        await expect(price).toContainText(formatPrice(PRICE, lang));
        await expect(price).toContainText(l.vatIncluded);
        await screenshot(page, `vat-details-${lang}-${width}`);
      }

      const form = page.getByRole('form', { name: l.form });
      await form.getByLabel(l.date).fill(dateAhead(12));
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
      await expectNoSeriousA11yViolations(page, `booking dialog with VAT (${lang})`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `vat-dialog-${lang}-390`, { fullPage: false });
      await dialog.getByRole('button', { name: l.send }).click();
      await expect(dialog).toBeHidden();

      // The admin confirms it; the confirmation email shows the total with its VAT part.
      const mine = (await (await page.request.get('/api/me/bookings')).json()) as {
        items: { id: string; spaceId: string; startTime: string; vatHalalas: number | null }[];
      };
      const booking = mine.items.find((b) => b.spaceId === spaceId && b.startTime === slot.start)!;
      expect(booking.vatHalalas).toBe(vat);
      const admin = await apiAs(playwright, baseURL!, ADMIN);
      expect((await admin.post(`/api/admin/bookings/${booking.id}/confirm`)).status()).toBe(200);
      await admin.dispose();

      // The demo renter reads English, the demo host Arabic: each language's email is checked.
      const mail =
        lang === 'en'
          ? await findMail(
              (m) =>
                !Array.isArray(m.to) &&
                m.to?.text === RENTER.email &&
                m.subject === `Your booking at “${NAME_EN}” is confirmed` &&
                (m.text ?? '').includes(formatPrice(total, 'en')),
            )
          : await findMail(
              (m) =>
                !Array.isArray(m.to) &&
                m.to?.text === HOST.email &&
                m.subject === `تأكّد حجز على «${NAME_AR}»` &&
                (m.text ?? '').includes(formatPrice(total, 'ar')),
            );
      expect(mail.text).toContain(l.total);
      expect(mail.text).toContain(l.vat);
      expect(mail.text).toContain(formatPrice(vat, lang));
    });

    test(`${lang}: the host answers the VAT question in the wizard`, async ({ page, baseURL }) => {
      await useLang(page, lang);
      await signInApi(page.request, baseURL!, HOST);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/list-your-space/${spaceId}/edit`);
        const next = page.getByRole('button', { name: l.next });
        await next.click(); // → location
        await next.click(); // → pricing
        const registered = page.getByLabel(l.vatRegistered);
        await expect(registered).toBeChecked();
        await expect(page.getByLabel(l.vatNumber)).toHaveValue(VAT_NUMBER);
        // A wrong number is named at the field, in the reader's language.
        await page.getByLabel(l.vatNumber).fill('3101223935');
        await next.click();
        await expect(
          page.getByText(
            lang === 'ar'
              ? 'أدخل الرقم الضريبي المكوّن من 15 رقمًا، ويبدأ بالرقم 3 وينتهي به.'
              : 'Enter the 15-digit VAT number, which starts and ends with 3.',
          ),
        ).toBeVisible();
        await screenshot(page, `vat-wizard-${lang}-${width}`);
        // Unticked, the number field goes away (no VAT: the price is all the host's).
        await registered.uncheck();
        await expect(page.getByLabel(l.vatNumber)).toHaveCount(0);
      }
    });

    test(`${lang}: WhatsApp notices are off until turned on, and turn off again`, async ({
      page,
      baseURL,
    }) => {
      await useLang(page, lang);
      await signInApi(page.request, baseURL!, RENTER);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/account');
        const toggle = page.getByRole('checkbox', { name: l.whatsapp });
        await expect(toggle).not.toBeChecked();
        await toggle.check();
        await expect(page.getByText(l.since)).toBeVisible();
        await screenshot(page, `whatsapp-account-${lang}-${width}`, { fullPage: false });
        const me = (await (await page.request.get('/api/me')).json()) as {
          user: { whatsappOptInAt: string | null };
        };
        expect(me.user.whatsappOptInAt).not.toBeNull();
        await toggle.uncheck();
        await expect(page.getByText(l.since)).toHaveCount(0);
        await expect(toggle).not.toBeChecked();
      }
    });
  }
});
