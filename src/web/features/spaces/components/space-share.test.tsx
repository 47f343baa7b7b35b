// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '#web/components/ui/toast-store.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { SHARE_PANEL_ID, SpaceShare } from './space-share.tsx';

const id = '0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f';
const ORIGIN = 'https://hourspace.example';

const WORDS = {
  ar: {
    name: 'قاعة الندى',
    button: 'مشاركة هذه المساحة',
    title: 'شارك هذه المساحة',
    text: 'شاهد «قاعة الندى» على مساحة بالساعة',
    url: `${ORIGIN}/space/${id}`,
    whatsapp: /^واتساب/,
    x: /^إكس \(تويتر\)/,
    telegram: /^تيليجرام/,
    email: 'البريد الإلكتروني',
    copy: 'نسخ الرابط',
    copied: 'تم نسخ الرابط',
    more: 'خيارات أخرى على جهازك',
  },
  en: {
    name: 'Dew Hall',
    button: 'Share this space',
    title: 'Share this space',
    text: 'Have a look at “Dew Hall” on HourSpace',
    url: `${ORIGIN}/space/${id}?lang=en`,
    whatsapp: /^WhatsApp/,
    x: /^X \(Twitter\)/,
    telegram: /^Telegram/,
    email: 'Email',
    copy: 'Copy link',
    copied: 'Link copied',
    more: 'More options on your device',
  },
} as const;

function Toasts() {
  return (
    <ul data-testid="toasts">
      {useToasts().map((toast) => (
        <li key={toast.id}>{toast.title}</li>
      ))}
    </ul>
  );
}

beforeEach(() => {
  // The server's head names the canonical URL; the share starts from its origin.
  const link = document.createElement('link');
  link.rel = 'canonical';
  link.href = `${ORIGIN}/space/${id}`;
  document.head.appendChild(link);
});
afterEach(() => {
  cleanup();
  document.head.querySelector('link[rel="canonical"]')?.remove();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

for (const lang of ['ar', 'en'] as const)
  describe(`SpaceShare (${lang})`, () => {
    const w = WORDS[lang];
    beforeEach(async () => {
      await setLocale(lang);
      await loadTextSections(['share']);
    });

    it("opens its panel by invoker command and links to each service with the space's name and canonical URL", () => {
      render(<SpaceShare spaceId={id} name={w.name} />);
      const button = screen.getByRole('button', { name: w.button });
      // Opened by the browser (decision 073), not by a handler of the app.
      expect(button.getAttribute('commandfor')).toBe(SHARE_PANEL_ID);
      expect(button.getAttribute('command')).toBe('toggle-popover');
      expect(button.getAttribute('popovertarget')).toBe(SHARE_PANEL_ID);
      const panel = document.getElementById(SHARE_PANEL_ID)!;
      expect(panel.getAttribute('popover')).toBe('auto');
      expect(panel.getAttribute('role')).toBe('dialog');
      const dialog = within(panel);
      expect(panel.getAttribute('aria-labelledby')).toBe(
        dialog.getByRole('heading', { name: w.title, hidden: true }).id,
      );
      const href = (name: string | RegExp) =>
        new URL(dialog.getByRole('link', { name, hidden: true }).getAttribute('href')!);
      const wa = href(w.whatsapp);
      expect(wa.host).toBe('wa.me');
      expect(wa.searchParams.get('text')).toBe(`${w.text}\n${w.url}`);
      const x = href(w.x);
      expect(x.host + x.pathname).toBe('x.com/intent/post');
      expect(x.searchParams.get('text')).toBe(w.text);
      expect(x.searchParams.get('url')).toBe(w.url);
      const telegram = href(w.telegram);
      expect(telegram.host + telegram.pathname).toBe('t.me/share/url');
      expect(telegram.searchParams.get('url')).toBe(w.url);
      const email = dialog.getByRole('link', { name: w.email, hidden: true }).getAttribute('href')!;
      const fields = new URLSearchParams(email.slice('mailto:?'.length));
      expect(fields.get('subject')).toBe(w.name);
      expect(fields.get('body')).toBe(`${w.text}\n${w.url}`);
      // The services open in a new tab, and say so; the email opens the mail app.
      expect(
        dialog.getByRole<HTMLAnchorElement>('link', { name: w.whatsapp, hidden: true }).target,
      ).toBe('_blank');
      expect(
        dialog.getByRole<HTMLAnchorElement>('link', { name: w.email, hidden: true }).target,
      ).toBe('');
    });

    it('copies the canonical URL, says so, and closes the panel', async () => {
      const user = userEvent.setup();
      render(
        <>
          <SpaceShare spaceId={id} name={w.name} />
          <Toasts />
        </>,
      );
      const panel = document.getElementById(SHARE_PANEL_ID)!;
      const hidePopover = vi.fn();
      Object.assign(panel, { hidePopover });
      await user.click(within(panel).getByRole('button', { name: w.copy, hidden: true }));
      await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe(w.copied));
      expect(await navigator.clipboard.readText()).toBe(w.url);
      expect(hidePopover).toHaveBeenCalled();
    });

    it("offers the system's share sheet only where the browser has one, and never in the server's HTML", async () => {
      const share = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      // The server cannot know: its HTML has no such item (hydration must match it).
      const html = renderToString(<SpaceShare spaceId={id} name={w.name} />);
      expect(html).toContain(w.copy);
      expect(html).not.toContain(w.more);
      const user = userEvent.setup();
      render(<SpaceShare spaceId={id} name={w.name} />);
      const panel = document.getElementById(SHARE_PANEL_ID)!;
      Object.assign(panel, { hidePopover: vi.fn() });
      await user.click(within(panel).getByRole('button', { name: w.more, hidden: true }));
      expect(share).toHaveBeenCalledWith({ title: w.name, text: w.text, url: w.url });
      cleanup();
      Reflect.deleteProperty(navigator, 'share');
      await act(async () => {
        render(<SpaceShare spaceId={id} name={w.name} />);
      });
      expect(screen.queryByRole('button', { name: w.more, hidden: true })).toBeNull();
    });
  });
