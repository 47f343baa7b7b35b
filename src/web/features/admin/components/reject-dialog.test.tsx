// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { REVIEW_REASON_MAX } from '#shared/schemas/admin.ts';
import { loadTextSections, setLocale, translate as t } from '#web/lib/i18n.ts';
import { RejectDialog } from './reject-dialog.tsx';

/**
 * The admin's reject dialog for a listing (issue 8), in each language: the reason is required and
 * at most REVIEW_REASON_MAX characters — the server's rule, with its messages on the field — and a
 * valid reason goes to `onReject` trimmed. The rejection itself runs in tests/e2e/admin.spec.ts.
 */
afterEach(cleanup);

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

const TEXTS = {
  ar: {
    title: 'رفض هذه المساحة',
    reason: 'سبب الرفض للمضيف',
    submit: 'رفض',
    required: 'هذا الحقل مطلوب.',
    tooLong: 'النص أطول من المسموح.',
  },
  en: {
    title: 'Reject this space',
    reason: 'Reason for the host',
    submit: 'Reject',
    required: 'This field is required.',
    tooLong: 'This is too long.',
  },
} as const;

describe.each(['ar', 'en'] as const)('the reject dialog of a listing (%s)', (locale: Locale) => {
  const l = TEXTS[locale];
  beforeEach(async () => {
    await setLocale(locale);
    await loadTextSections(['admin']);
  });

  const open = () => {
    const onReject = vi.fn(async (_reason: string) => undefined);
    render(
      <RejectDialog
        open
        onOpenChange={vi.fn()}
        title={t('admin.reject.spaceTitle')}
        description={t('admin.reject.spaceText')}
        reasonLabel={t('admin.reject.reason')}
        required
        onReject={onReject}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: l.title });
    return { dialog, onReject };
  };

  it('refuses an empty reason with "required", and does not reject', async () => {
    const user = userEvent.setup();
    const { dialog, onReject } = open();
    await user.click(within(dialog).getByRole('button', { name: l.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(l.required);
    expect(within(dialog).getByLabelText(l.reason).getAttribute('aria-invalid')).toBe('true');
    // Spaces only are no reason either: the schema trims first.
    await user.type(within(dialog).getByLabelText(l.reason), '   ');
    await user.click(within(dialog).getByRole('button', { name: l.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(l.required);
    expect(onReject).not.toHaveBeenCalled();
  });

  it(`refuses a reason over ${REVIEW_REASON_MAX} characters, and does not reject`, async () => {
    const user = userEvent.setup();
    const { dialog, onReject } = open();
    const field = within(dialog).getByLabelText(l.reason);
    await user.click(field);
    await user.paste('x'.repeat(REVIEW_REASON_MAX + 1));
    await user.click(within(dialog).getByRole('button', { name: l.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(l.tooLong);
    expect(onReject).not.toHaveBeenCalled();
  });

  it('sends a valid reason, trimmed, and clears the error', async () => {
    const user = userEvent.setup();
    const { dialog, onReject } = open();
    await user.click(within(dialog).getByRole('button', { name: l.submit }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    const reason = 'الصور لا تُظهر القاعة بوضوح. يرجى رفع صور أوضح.';
    await user.type(within(dialog).getByLabelText(l.reason), `  ${reason}  `);
    await user.click(within(dialog).getByRole('button', { name: l.submit }));
    await vi.waitFor(() => expect(onReject).toHaveBeenCalledWith(reason));
    expect(onReject).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
