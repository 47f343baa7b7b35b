// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '#web/lib/i18n.ts';
import { SiteFooter } from './site-footer.tsx';

/** The footer's language picker: the current language is the disabled one; the other switches. */
afterEach(cleanup);

describe('SiteFooter', () => {
  it('disables the current language, switches to the other, and says the year', async () => {
    await setLocale('ar');
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    const button = (name: string) =>
      within(footer).getByRole<HTMLButtonElement>('button', { name });
    expect(button('العربية').disabled).toBe(true);
    expect(button('English').disabled).toBe(false);
    await user.click(button('English'));
    await waitFor(() => expect(button('English').disabled).toBe(true));
    expect(button('العربية').disabled).toBe(false);
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
  });
});
