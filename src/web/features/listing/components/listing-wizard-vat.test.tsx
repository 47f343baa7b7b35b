// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import type { HostSpace } from '#shared/schemas/space-edit.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { EditWizard } from './edit-wizard.tsx';

/**
 * Issue 20: the host answers the VAT question in the wizard's pricing step — a VAT-registered
 * listing opens with the question ticked and its number; a wrong number is named at the field in
 * the reader's language and keeps the host on the step; unticked, the number field goes away (no
 * VAT: the price is all the host's). Moved from the e2e spec vat-whatsapp.spec.ts (issue 30):
 * nothing of it needs a real browser. That GET /api/me/spaces/:id gives the wizard the number is
 * tests/api/vat.test.ts's.
 */
const VAT_NUMBER = '310122393500003';

const SPACE: HostSpace = {
  id: '00000000-0000-4000-8000-0000000000cc',
  status: 'approved',
  reviewNote: null,
  listingLanguage: 'ar',
  nameAr: 'قاعة الضريبة التجريبية',
  nameEn: 'VAT Test Hall',
  descriptionAr: 'قاعة اجتماعات هادئة في حي العليا.',
  descriptionEn: 'A quiet meeting hall in Al Olaya.',
  type: 'meeting_room',
  address: 'طريق العليا العام',
  city: 'riyadh',
  country: 'SA',
  googleMapsUrl: null,
  priceHalalas: 18_000,
  vatNumber: VAT_NUMBER,
  capacity: 12,
  amenities: ['wifi'],
  contactPhone: '0512345678',
  contactEmail: 'host@example.test',
  opensAt: '08:00',
  closesAt: '22:00',
  availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 90,
  minBookingMinutes: 60,
  cancellationPolicy: 'flexible',
  priceRules: { bands: [], dayRate: null, minHours: {}, addOns: [] },
  images: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      width: 800,
      height: 600,
      variants: [{ width: 480, url: '/media/a-480.webp' }],
    },
  ],
  pendingRevision: null,
};

const TEXTS = {
  ar: {
    next: 'التالي',
    pricing: 'السعر والمرافق',
    vatRegistered: 'مسجَّل في ضريبة القيمة المضافة (15%)',
    vatNumber: 'الرقم الضريبي',
    wrongNumber: 'أدخل الرقم الضريبي المكوّن من 15 رقمًا، ويبدأ بالرقم 3 وينتهي به.',
  },
  en: {
    next: 'Next',
    pricing: 'Pricing and amenities',
    vatRegistered: 'VAT-registered (15%)',
    vatNumber: 'VAT registration number',
    wrongNumber: 'Enter the 15-digit VAT number, which starts and ends with 3.',
  },
} as const;

const stepHeading = () => document.getElementById('wizard-step-title')!.textContent;

describe.each(['ar', 'en'] as const)('the wizard’s VAT question (%s)', (locale: Locale) => {
  const l = TEXTS[locale];
  beforeEach(async () => {
    window.localStorage.clear();
    // jsdom has no scrolling; the wizard scrolls to the top on every new step.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await setLocale(locale);
    await loadTextSections(['listing', 'listing-edit']);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('starts ticked with the number; a wrong number is named at the field; unticked, the number goes', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <EditWizard space={SPACE} signInHref="/auth" translationOn={false} doneHref="/account" />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: l.next })); // → location
    await user.click(screen.getByRole('button', { name: l.next })); // → pricing
    // Each step's check is asynchronous: the next step shows once it has passed.
    await waitFor(() => expect(stepHeading()).toBe(l.pricing));

    const registered = screen.getByLabelText<HTMLInputElement>(l.vatRegistered);
    expect(registered.checked).toBe(true);
    const number = screen.getByLabelText<HTMLInputElement>(l.vatNumber);
    expect(number.value).toBe(VAT_NUMBER);

    // A wrong number is named at the field, in the reader's language, and keeps the host here.
    // Typed at once, as a paste or Playwright's fill would (each keystroke re-renders the wizard).
    fireEvent.input(screen.getByLabelText(l.vatNumber), { target: { value: '3101223935' } });
    await user.click(screen.getByRole('button', { name: l.next }));
    expect(await screen.findByText(l.wrongNumber)).toBeTruthy();
    expect(stepHeading()).toBe(l.pricing);
    const field = screen.getByLabelText<HTMLInputElement>(l.vatNumber);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '');
    expect(describedBy).toContain(l.wrongNumber);

    // Unticked, the number field goes away (no VAT: the price is all the host's).
    await user.click(registered);
    expect(registered.checked).toBe(false);
    expect(screen.queryByLabelText(l.vatNumber)).toBeNull();
  });
});
