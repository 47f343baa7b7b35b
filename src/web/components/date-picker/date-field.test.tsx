// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { formatDate } from '#shared/format.ts';
import { DateField } from './date-field.tsx';

/** The date field and its calendar (issue 20), in both languages, by keyboard. */
afterEach(cleanup);

beforeAll(() => {
  // jsdom has no modal dialogs: open and close as the browser would, by the `open` attribute,
  // with the `toggle` event the browser sends after each.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    setTimeout(() => this.dispatchEvent(new Event('toggle')));
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
    setTimeout(() => this.dispatchEvent(new Event('toggle')));
  };
  // Nor invoker commands: as the file a browser without them is given does (decision 076).
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button[commandfor]');
    const dialog = button && document.getElementById(button.getAttribute('commandfor')!);
    if (!button || !(dialog instanceof HTMLDialogElement)) return;
    if (button.getAttribute('command') === 'show-modal' && !dialog.open) dialog.showModal();
    else if (button.getAttribute('command') === 'close' && dialog.open) dialog.close();
  });
});

function Harness({ initial = '', label }: { initial?: string; label: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="when">{label}</label>
      <DateField
        id="when"
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPick={setValue}
        earliest="2026-11-10"
        latest="2026-12-20"
        // Closed on Fridays (27 November 2026 is one), as a space may be.
        openWeekdays={['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'saturday']}
        describe={formatDate}
      />
    </>
  );
}

const TEXTS = {
  ar: {
    label: 'التاريخ',
    open: 'افتح التقويم',
    firstDay: 'أحد',
    words: 'الخميس، 26 نوفمبر 2026',
    month: 'نوفمبر 2026',
    nextMonth: 'ديسمبر 2026',
    // In Arabic the arrows point as they read: the left arrow goes to the next day.
    forward: '{ArrowLeft}',
  },
  en: {
    label: 'Date',
    open: 'Open the calendar',
    firstDay: 'Sun',
    words: 'Thursday, 26 November 2026',
    month: 'November 2026',
    nextMonth: 'December 2026',
    forward: '{ArrowRight}',
  },
} as const;

describe.each(['ar', 'en'] as const)('DateField (%s)', (locale: Locale) => {
  const l = TEXTS[locale];

  it('says a typed date back in words, with Latin digits', async () => {
    await setLocale(locale);
    await loadTextSections(['date-picker']);
    const user = userEvent.setup();
    render(<Harness label={l.label} />);
    // The calendar's part is there (closed), as in the server's HTML.
    await screen.findByRole('dialog', { hidden: true });
    await user.type(screen.getByLabelText(l.label, { selector: 'input' }), '2026-11-26');
    expect(screen.getByText(l.words)).toBeTruthy();
  });

  it('opens a calendar from Sunday, moves by keyboard, skips nothing silently and picks with Enter', async () => {
    await setLocale(locale);
    await loadTextSections(['date-picker']);
    const user = userEvent.setup();
    render(<Harness initial="2026-11-26" label={l.label} />);
    // The calendar is in the page before it is opened (the server's HTML holds it), closed.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(screen.queryByRole('grid')).toBeNull();
    await user.click(
      screen.getByRole('button', {
        name: new RegExp(l.open),
      }),
    );
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const grid = await screen.findByRole('grid');
    expect(screen.getByTestId('date-picker-month').textContent).toBe(l.month);
    // The week starts on Sunday, as the app's week does.
    expect(grid.querySelector('th')!.textContent).toContain(l.firstDay);
    // The chosen day has the focus, named by its full date.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-26'),
    );
    expect(document.activeElement?.getAttribute('aria-label')).toBe(l.words);
    // A day forward: Friday 27th is closed (disabled), but focus may rest on it; one more.
    await user.keyboard(l.forward);
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-27');
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    // Enter on a closed day picks nothing.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('grid')).toBeTruthy();
    await user.keyboard(l.forward);
    // A week down, then a month on.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-05');
    await user.keyboard('{PageUp}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-05');
    // Before the earliest date: disabled.
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{PageDown}');
    expect(screen.getByTestId('date-picker-month').textContent).toBe(l.nextMonth);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect((screen.getByLabelText(l.label, { selector: 'input' }) as HTMLInputElement).value).toBe(
      '2026-12-05',
    );
  });
});
