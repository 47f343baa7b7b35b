// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '#web/lib/i18n.ts';
import { VenueSlideshow } from '#web/features/home/components/venue-slideshow.tsx';
import HomePage from './home-page.tsx';

/**
 * The home page's browse by category and its slideshow (the WAI-ARIA carousel pattern), in Arabic:
 * links, buttons, keys, labels, and the rotation on a fake clock (6 s a slide; none while focus is
 * inside, none at all for reduced motion).
 */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderHome() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The slideshow alone (its links need a router): the page around it is a lot of DOM to query. */
function renderSlideshow() {
  return render(
    <MemoryRouter>
      <VenueSlideshow />
    </MemoryRouter>,
  );
}

/** The browser's answer to `(prefers-reduced-motion: reduce)`. */
function preferReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

const slideshow = () => screen.getByRole('region', { name: 'مساحة لكل مناسبة' });
/** The label of the slide shown ("2 من 5"): the one slide marked current (a strip, decision 076). */
const current = () => {
  const shown = slideshow().querySelectorAll('[aria-roledescription="شريحة"][aria-current="true"]');
  expect(shown).toHaveLength(1);
  return shown[0]!.getAttribute('aria-label');
};
const after = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** jsdom scrolls nothing: the strip's moves (decision 076) are asked for, and counted here. */
const stripScrolls = vi.fn();
beforeAll(async () => {
  await setLocale('ar');
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    value: stripScrolls,
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('HomePage', () => {
  it('the category browse lists every space type, each opening the explore page filtered to it', async () => {
    preferReducedMotion(false);
    const user = userEvent.setup();
    renderHome();
    const links = within(screen.getByRole('region', { name: 'تصفّح حسب الفئة' })).getAllByRole(
      'link',
    );
    expect(links).toHaveLength(15);
    const podcasts = links.filter((l) => l.textContent?.includes('استوديو بودكاست'));
    expect(podcasts).toHaveLength(1);
    await user.click(podcasts[0]!);
    expect(screen.getByTestId('where').textContent).toBe('/explore-spaces?type=podcasts');
  });

  it('the slideshow works with buttons and keys (left is next in Arabic)', async () => {
    preferReducedMotion(false);
    const user = userEvent.setup();
    renderSlideshow();
    const carousel = slideshow();
    expect(current()).toBe('1 من 5');
    const moves = stripScrolls.mock.calls.length;
    await user.click(within(carousel).getByRole('button', { name: 'الشريحة التالية' }));
    expect(current()).toBe('2 من 5');
    expect(stripScrolls).toHaveBeenCalledTimes(moves + 1);
    await user.keyboard('{ArrowLeft}');
    expect(current()).toBe('3 من 5');
    await user.keyboard('{ArrowRight}');
    expect(current()).toBe('2 من 5');
    await user.click(within(carousel).getByRole('button', { name: 'اذهب إلى الشريحة 5' }));
    expect(current()).toBe('5 من 5');
    expect(within(carousel).getByRole('button', { name: 'إيقاف العرض التلقائي' })).toBeTruthy();
  });

  it('the slideshow turns every 6 s, and not while focus is inside it', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    preferReducedMotion(false);
    renderSlideshow();
    expect(current()).toBe('1 من 5');
    after(6000);
    expect(current()).toBe('2 من 5');
    const next = within(slideshow()).getByRole('button', { name: 'الشريحة التالية' });
    act(() => next.focus());
    after(13_000);
    expect(current()).toBe('2 من 5');
    act(() => next.blur());
    after(6000);
    expect(current()).toBe('3 من 5');
  });

  it('the slideshow does not rotate for reduced motion, and offers no play or pause button', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    preferReducedMotion(true);
    renderSlideshow();
    const carousel = slideshow();
    expect(within(carousel).queryByRole('button', { name: 'إيقاف العرض التلقائي' })).toBeNull();
    expect(within(carousel).queryByRole('button', { name: 'تشغيل العرض التلقائي' })).toBeNull();
    after(6500);
    expect(current()).toBe('1 من 5');
    after(60_000);
    expect(current()).toBe('1 من 5');
  });
});
