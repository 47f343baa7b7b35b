// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import type { HostSpace, UpdateSpaceResponse } from '#shared/schemas/space-edit.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { LISTING_DRAFT_KEY } from '../listing-draft.ts';
import { EditWizard } from './edit-wizard.tsx';

/**
 * The wizard in edit mode: prefilled from the host's listing (with the pending revision's
 * proposal on top), no local draft, saved with PATCH, and the answer says what is live now and
 * what waits for review — in each language.
 */
const image = {
  id: '00000000-0000-4000-8000-000000000001',
  width: 800,
  height: 600,
  variants: [{ width: 480, url: '/media/a-480.webp' }],
};
const SPACE: HostSpace = {
  id: '00000000-0000-4000-8000-0000000000aa',
  status: 'approved',
  reviewNote: null,
  listingLanguage: 'ar',
  nameAr: 'قاعة الأرز',
  nameEn: 'Cedar Hall',
  descriptionAr: 'قاعة مضيئة.',
  descriptionEn: null,
  type: 'meeting_room',
  address: 'حي العليا',
  city: 'riyadh',
  country: 'SA',
  googleMapsUrl: null,
  priceHalalas: 15_000,
  vatNumber: null,
  capacity: 10,
  amenities: ['wifi'],
  contactPhone: '0512345678',
  contactEmail: 'host@example.test',
  opensAt: '08:00',
  closesAt: '22:00',
  availableDays: ['sunday', 'monday'],
  bufferMinutes: 30,
  minNoticeHours: 2,
  horizonDays: 90,
  minBookingMinutes: 60,
  cancellationPolicy: 'flexible',
  priceRules: { bands: [], dayRate: null, minHours: {}, addOns: [] },
  images: [image],
  pendingRevision: {
    id: '00000000-0000-4000-8000-0000000000bb',
    createdAt: '2026-11-20T10:00:00.000Z',
    changedAt: null,
    content: { nameAr: 'قاعة الأرز الكبرى' },
    images: null,
    version: 'v1',
  },
};

const TEXTS = {
  ar: {
    notice: 'يراجعها فريقنا أول',
    pending: 'تعديلاتك التي بانتظار المراجعة',
    name: 'اسم المساحة (العربية)',
    next: 'التالي',
    save: 'حفظ التعديلات',
    price: 'السعر للساعة (ريال)',
    buffer: 'استراحة بين الحجوزات',
    live: 'طُبِّق الآن: السعر والمرافق.',
    review: 'بانتظار المراجعة: المعلومات الأساسية.',
  },
  en: {
    notice: 'reviewed by our team first',
    pending: 'Your changes waiting for review',
    name: 'Space name (Arabic)',
    next: 'Next',
    save: 'Save changes',
    price: 'Price per hour (SAR)',
    buffer: 'Break between bookings',
    live: 'Live now: Pricing and amenities.',
    review: 'Waiting for review: Basic information.',
  },
} as const;

describe.each(['ar', 'en'] as const)('the listing wizard in edit mode (%s)', (locale: Locale) => {
  const l = TEXTS[locale];
  beforeEach(async () => {
    window.localStorage.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await setLocale(locale);
    await loadTextSections(['listing', 'listing-edit']);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('starts from the listing and its pending edit, saves with PATCH and says what is live', async () => {
    const answer: UpdateSpaceResponse = {
      space: SPACE,
      applied: ['priceHalalas'],
      underReview: ['nameAr'],
      resubmitted: false,
    };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <EditWizard space={SPACE} signInHref="/auth" translationOn={false} doneHref="/account" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('edit-notice').textContent).toContain(l.notice);
    expect(screen.getByTestId('edit-notice').textContent).toContain(l.pending);
    expect(screen.getByLabelText<HTMLInputElement>(l.name).value).toBe('قاعة الأرز الكبرى');

    await user.click(screen.getByRole('button', { name: l.next })); // → location
    await user.click(screen.getByRole('button', { name: l.next })); // → pricing
    // Each step's check is asynchronous: the pricing step shows once it has passed.
    const price = await screen.findByLabelText<HTMLInputElement>(l.price);
    expect(price.value).toBe('150');
    await user.clear(price);
    await user.type(price, '175');
    await user.click(screen.getByRole('button', { name: l.next })); // → images
    await user.click(screen.getByRole('button', { name: l.next })); // → availability
    expect(screen.getByLabelText<HTMLSelectElement>(l.buffer).value).toBe('30');
    await user.click(screen.getByRole('button', { name: l.next })); // → review
    await user.click(screen.getByRole('button', { name: l.save }));

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/me/spaces/${SPACE.id}`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      nameAr: 'قاعة الأرز الكبرى',
      priceHalalas: 17_500,
      bufferMinutes: 30,
      minNoticeHours: 2,
      horizonDays: 90,
      minBookingMinutes: 60,
      imageIds: [image.id],
    });
    const saved = await screen.findByTestId('edit-saved');
    expect(saved.textContent).toContain(l.live);
    expect(saved.textContent).toContain(l.review);
    expect(window.localStorage.getItem(LISTING_DRAFT_KEY)).toBeNull();
  });
});
