// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { ContactForm } from './contact-form.tsx';

/**
 * The contact form's own checks (the schema the server shares): each empty field is required, the
 * email must be an address, the message has a length limit — said at each field, and nothing is
 * sent. The successful send, its toast and its email are a journey in tests/e2e/shell.spec.ts.
 */
const api = vi.fn<typeof fetch>(async () => new Response(null, { status: 500 }));

beforeAll(async () => {
  await setLocale('en');
  await loadTextSections(['contact']);
  vi.stubGlobal('fetch', api);
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

describe('ContactForm', () => {
  const setup = () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    const form = screen.getByRole('form', { name: 'Send us a message' });
    return {
      user,
      form,
      send: () => user.click(within(form).getByRole('button', { name: 'Send message' })),
      fill: async (label: string, text: string) => {
        await user.click(within(form).getByLabelText(label));
        await user.paste(text);
      },
      alerts: () =>
        within(form)
          .queryAllByRole('alert')
          .map((a) => a.textContent),
    };
  };

  it('says each empty field is required, and sends nothing', async () => {
    const { send, alerts } = setup();
    await send();
    await waitFor(() =>
      expect(alerts()).toEqual([
        'This field is required.',
        'This field is required.',
        'This field is required.',
      ]),
    );
    expect(api).not.toHaveBeenCalled();
  });

  it('says an email is not an address and a message is too long, and sends nothing', async () => {
    const { send, fill, alerts } = setup();
    await fill('Name', 'Reem Al-Qahtani');
    await fill('Email', 'reem@');
    await fill('Your message', 'x'.repeat(2001));
    await send();
    await waitFor(() =>
      expect(alerts()).toEqual(['Enter a valid email address.', 'This is too long.']),
    );
    expect(api).not.toHaveBeenCalled();
  });
});
