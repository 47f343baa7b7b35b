// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import type * as ToastStore from '#web/components/ui/toast-store.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { CalendarSync } from './calendar-sync.tsx';

/**
 * "Sync with your calendar" as a host sees it in each language: the feed's URL to copy, the help,
 * and a new link only after saying yes.
 */

vi.mock('#web/components/ui/toast-store.ts', async (original) => ({
  ...(await original<typeof ToastStore>()),
  toast: vi.fn(),
}));

const SPACE_ID = '11111111-2222-4333-8444-555555555555';
const FIRST = `http://localhost:3000/api/calendar/${'a'.repeat(43)}.ics`;
const SECOND = `http://localhost:3000/api/calendar/${'b'.repeat(43)}.ics`;

const TEXTS = {
  ar: {
    dir: 'rtl',
    open: 'المزامنة مع تقويمك',
    link: 'رابط التقويم',
    copy: 'نسخ',
    copied: 'تم نسخ الرابط. الصقه في تطبيق التقويم.',
    google: /التقاويم الأخرى ← من عنوان URL/,
    outlook: /الاشتراك من الويب/,
    regenerate: 'إنشاء رابط جديد',
    confirmText: /سيتوقف الرابط الحالي عن العمل فورًا/,
    confirm: 'نعم، أنشئ رابطًا جديدًا',
    keep: 'أبقِ الرابط الحالي',
    regenerated: 'رابطك الجديد جاهز. أضفه إلى تقويمك مرة أخرى.',
    error: 'تعذّر الحصول على رابط التقويم. يرجى المحاولة مرة أخرى.',
    retry: 'حاول مرة أخرى',
  },
  en: {
    dir: 'ltr',
    open: 'Sync with your calendar',
    link: 'Calendar link',
    copy: 'Copy',
    copied: 'Link copied. Paste it into your calendar app.',
    google: /Google Calendar: Other calendars → From URL/,
    outlook: /Outlook: Add calendar → Subscribe from web/,
    regenerate: 'Make a new link',
    confirmText: /The current link stops working at once/,
    confirm: 'Yes, make a new link',
    keep: 'Keep the current link',
    regenerated: 'Your new link is ready. Add it to your calendar again.',
    error: "We couldn't get your calendar link. Please try again.",
    retry: 'Try again',
  },
} as const;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The host's calendar routes: the URL, a new one on regenerate; `failNext` answers one 500. */
let current = FIRST;
let failNext = false;
const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (failNext) {
    failNext = false;
    return json({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }, 500);
  }
  if (url.pathname === `/api/me/spaces/${SPACE_ID}/calendar` && (init?.method ?? 'GET') === 'GET')
    return json({ url: current });
  if (
    url.pathname === `/api/me/spaces/${SPACE_ID}/calendar/regenerate` &&
    init?.method === 'POST'
  ) {
    current = SECOND;
    return json({ url: current });
  }
  return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
});
const posts = () => api.mock.calls.filter(([, init]) => init?.method === 'POST');

beforeAll(() => {
  // jsdom has no modal dialogs: open and close as the browser would, by the `open` attribute.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

describe.each(['ar', 'en'] as const)('calendar sync (%s)', (locale: Locale) => {
  const l = TEXTS[locale];

  beforeEach(async () => {
    current = FIRST;
    failNext = false;
    api.mockClear();
    vi.mocked(toast).mockClear();
    vi.stubGlobal('fetch', api);
    await setLocale(locale);
    await loadTextSections(['account']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function openDialog() {
    const user = userEvent.setup();
    render(<CalendarSync spaceId={SPACE_ID} />);
    expect(document.documentElement.dir).toBe(l.dir);
    // Nothing is asked for (or made) until the host opens the dialog.
    expect(api).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: l.open }));
    const dialog = await screen.findByRole('dialog');
    const input = await within(dialog).findByLabelText<HTMLInputElement>(l.link);
    return { user, dialog, input };
  }

  it('shows the feed URL left to right, read-only, with the help, and copies it', async () => {
    const { user, dialog, input } = await openDialog();
    expect(input.value).toBe(FIRST);
    expect(input.readOnly).toBe(true);
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(within(dialog).getByText(l.google)).toBeTruthy();
    expect(within(dialog).getByText(l.outlook)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: l.copy }));
    expect(await navigator.clipboard.readText()).toBe(FIRST);
    expect(toast).toHaveBeenCalledWith({ title: l.copied });
  });

  it('makes a new link only after the host confirms', async () => {
    const { user, dialog, input } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: l.regenerate }));
    expect(within(dialog).getByText(l.confirmText)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: l.keep }));
    expect(posts()).toHaveLength(0);
    expect(within(dialog).queryByText(l.confirmText)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: l.regenerate }));
    await user.click(within(dialog).getByRole('button', { name: l.confirm }));
    expect(posts()).toHaveLength(1);
    await vi.waitFor(() => expect(input.value).toBe(SECOND));
    expect(toast).toHaveBeenCalledWith({ title: l.regenerated });
    expect(within(dialog).queryByText(l.confirmText)).toBeNull();
  });

  it('says so when the link cannot be fetched, and tries again', async () => {
    failNext = true;
    const user = userEvent.setup();
    render(<CalendarSync spaceId={SPACE_ID} />);
    await user.click(screen.getByRole('button', { name: l.open }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(l.error);
    await user.click(within(alert).getByRole('button', { name: l.retry }));
    const input = await screen.findByLabelText<HTMLInputElement>(l.link);
    expect(input.value).toBe(FIRST);
  });
});
