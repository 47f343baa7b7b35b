// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '#web/lib/i18n.ts';
import { SiteFooter } from './site-footer.tsx';

/**
 * The footer's language picker (decision 079): the current language is marked, not a link; the
 * other is a link to this page in it (so it works before the app), and switches in place once
 * the app is there, dropping a `lang` the URL had.
 */
afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

describe('SiteFooter', () => {
  for (const [from, to, toName, fromName, dir] of [
    ['ar', 'en', 'English', 'العربية', 'ltr'],
    ['en', 'ar', 'العربية', 'English', 'rtl'],
  ] as const)
    it(`marks ${from}, links to the page in ${to}, switches in place and says the year`, async () => {
      await setLocale(from);
      const user = userEvent.setup();
      render(
        <MemoryRouter initialEntries={[`/explore-spaces?city=riyadh&lang=${from}`]}>
          <SiteFooter />
          <Where />
        </MemoryRouter>,
      );
      const footer = screen.getByRole('contentinfo');
      const group = within(footer).getByRole('group', {
        name: from === 'ar' ? 'اللغة' : 'Language',
      });
      const current = within(group).getByText(fromName);
      expect(current.getAttribute('aria-current')).toBe('true');
      expect(current.closest('a')).toBeNull();
      const link = within(group).getByRole<HTMLAnchorElement>('link', { name: toName });
      expect(link.getAttribute('href')).toBe(`/explore-spaces?city=riyadh&lang=${to}`);
      expect(link.getAttribute('hreflang')).toBe(to);
      expect(link.lang).toBe(to);
      await user.click(link);
      await waitFor(() => expect(document.documentElement.lang).toBe(to));
      expect(document.documentElement.dir).toBe(dir);
      // In place: the URL keeps its search and loses its `lang`.
      expect(screen.getByTestId('where').textContent).toBe('/explore-spaces?city=riyadh');
      await waitFor(() =>
        expect(within(footer).getByText(toName).getAttribute('aria-current')).toBe('true'),
      );
      expect(within(footer).getByRole('link', { name: fromName }).getAttribute('hreflang')).toBe(
        from,
      );
      expect(footer.textContent).toContain(String(new Date().getFullYear()));
    });
});
