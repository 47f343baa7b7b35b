// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { LISTING_DRAFT_KEY } from '../listing-draft.ts';
import { ListingWizard } from './listing-wizard.tsx';

/**
 * The list-your-space wizard in each language: a step with errors does not let the host on, and
 * says what is wrong in their language; what they typed survives a reload (the draft in
 * localStorage), on the step they were at.
 */

const TEXTS = {
  ar: {
    dir: 'rtl',
    basics: 'المعلومات الأساسية',
    location: 'تفاصيل الموقع',
    stepOneOfFive: 'الخطوة 1 من 5',
    stepTwoOfFive: 'الخطوة 2 من 5',
    next: 'التالي',
    back: 'السابق',
    name: 'اسم المساحة (العربية)',
    description: 'الوصف (العربية)',
    type: 'نوع المساحة',
    address: 'العنوان',
    required: 'هذا الحقل مطلوب.',
  },
  en: {
    dir: 'ltr',
    basics: 'Basic information',
    location: 'Location details',
    stepOneOfFive: 'Step 1 of 5',
    stepTwoOfFive: 'Step 2 of 5',
    next: 'Next',
    back: 'Back',
    name: 'Space name (Arabic)',
    description: 'Description (Arabic)',
    type: 'Space type',
    address: 'Address',
    required: 'This field is required.',
  },
} as const;

const wizard = (
  <MemoryRouter>
    <ListingWizard signedIn={false} signInHref="/auth?prompt=list" translationOn={false} />
  </MemoryRouter>
);

const stepHeading = () => document.getElementById('wizard-step-title')!.textContent;
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe.each(['ar', 'en'] as const)('the listing wizard (%s)', (locale: Locale) => {
  const l = TEXTS[locale];

  beforeEach(async () => {
    window.localStorage.clear();
    // jsdom has no scrolling; the wizard scrolls to the top on every new step.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await setLocale(locale);
    // The wizard's texts come with its route, as a text section.
    await loadTextSections(['listing']);
  });

  afterEach(() => {
    cleanup();
  });

  it('refuses to leave a step with errors, and names them in the language of the page', async () => {
    const user = userEvent.setup();
    render(wizard);
    expect(document.documentElement.dir).toBe(l.dir);
    expect(stepHeading()).toBe(l.basics);
    expect(screen.getByText(l.stepOneOfFive)).toBeTruthy();
    expect(alerts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: l.next }));

    // Still the first step, with the name, the description and the type required (the first check
    // may wait for the resolver's code, which the wizard loads beside its route).
    await waitFor(() => expect(alerts()).toEqual([l.required, l.required, l.required]));
    expect(stepHeading()).toBe(l.basics);
    expect(screen.getByText(l.stepOneOfFive)).toBeTruthy();
    for (const label of [l.name, l.description, l.type]) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid'), label).toBe('true');
    }

    // Fixing them lets the host on.
    await user.type(screen.getByLabelText(l.name), 'قاعة الياسمين');
    await user.type(screen.getByLabelText(l.description), 'قاعة هادئة بإضاءة طبيعية.');
    await user.selectOptions(screen.getByLabelText(l.type), 'event_hall');
    expect(alerts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: l.next }));
    expect(stepHeading()).toBe(l.location);
    expect(screen.getByText(l.stepTwoOfFive)).toBeTruthy();

    // The next step checks its own fields: no address, no moving on.
    await user.click(screen.getByRole('button', { name: l.next }));
    expect(stepHeading()).toBe(l.location);
    expect(alerts()).toContain(l.required);
    expect(screen.getByLabelText(l.address).getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the draft and the step across a reload', async () => {
    const user = userEvent.setup();
    const first = render(wizard);
    await user.type(screen.getByLabelText(l.name), 'قاعة الياسمين');
    await user.type(screen.getByLabelText(l.description), 'قاعة هادئة بإضاءة طبيعية.');
    await user.selectOptions(screen.getByLabelText(l.type), 'event_hall');
    await user.click(screen.getByRole('button', { name: l.next }));
    expect(stepHeading()).toBe(l.location);
    await user.type(screen.getByLabelText(l.address), 'طريق الملك فهد');
    expect(window.localStorage.getItem(LISTING_DRAFT_KEY)).toContain('طريق الملك فهد');

    // A reload: the page goes, and comes back with only what localStorage kept.
    first.unmount();
    expect(document.getElementById('wizard-step-title')).toBeNull();
    render(wizard);

    expect(stepHeading()).toBe(l.location);
    expect(screen.getByText(l.stepTwoOfFive)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(l.address).value).toBe('طريق الملك فهد');
    await user.click(screen.getByRole('button', { name: l.back }));
    expect(stepHeading()).toBe(l.basics);
    expect(screen.getByLabelText<HTMLInputElement>(l.name).value).toBe('قاعة الياسمين');
    expect(screen.getByLabelText<HTMLTextAreaElement>(l.description).value).toBe(
      'قاعة هادئة بإضاءة طبيعية.',
    );
    expect(screen.getByLabelText<HTMLSelectElement>(l.type).value).toBe('event_hall');
  });
});
