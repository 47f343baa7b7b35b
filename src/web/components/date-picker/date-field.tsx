import { CalendarDays } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import type { Day, Locale } from '#shared/constants.ts';
import { isCalendarDate } from '#shared/domain/riyadh-calendar.ts';
import { loadTextSections, useTranslation } from '#web/lib/i18n.ts';
import { serverRenderedPart } from '#web/lib/server-rendered-part.tsx';
import { Input } from '../ui/input.tsx';

/**
 * The calendar is in the server's HTML, opened by the browser (decision 078), but its code is no
 * part of the page's first JavaScript: it comes after the app's, with the texts only it shows (the
 * field's own two are in the app's catalogue, so a page whose route does not load the
 * `date-picker` section — the home page's search — can hold a date field), and hydrates it then.
 */
const DatePickerDialog = serverRenderedPart(async () => {
  const [dialog] = await Promise.all([
    import('./date-picker-dialog.tsx'),
    loadTextSections(['date-picker']),
  ]);
  return dialog.DatePickerDialog;
});

/**
 * A date field that reads the same in every browser (decision 034): the browser's own date field
 * shows the *browser's* format ("12/04/2026" on an English Chromium in the Arabic interface). Here
 * the date is typed as `YYYY-MM-DD` (Latin digits, what the API takes) or picked from a calendar
 * that opens from the button beside it, and is said back in words in the page's language under
 * the field ("الخميس، 26 نوفمبر 2026"). Pass what `Field` gives and what `form.register` gives.
 */
export function DateField({
  value,
  onPick,
  earliest,
  latest,
  openWeekdays,
  label,
  describe,
  ...input
}: Omit<ComponentProps<'input'>, 'value' | 'min' | 'max' | 'type'> & {
  /** the field's current value (watched) */
  value: string;
  onPick: (isoDate: string) => void;
  /** the first and last dates the calendar offers */
  earliest?: string;
  latest?: string;
  /** the weekdays that can be picked (a space's open days); every day when absent */
  openWeekdays?: readonly Day[];
  /** the field's label, for the calendar's title and its button */
  label: string;
  /**
   * How the chosen date is said under the field (`formatDate`, `formatBookingDate`). Passed in,
   * not imported here: the home page's search loads the formatting with the field's first touch.
   */
  describe: (isoDate: string, locale: Locale) => string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const valid = isCalendarDate(value);
  const words = valid ? describe(value, locale) : '';
  const calendarId = useId();
  // The calendar's props never change before its code has come (a part whose props change is
  // drawn anew, decision 075): the value it was drawn with, and the field's value and `onPick`
  // as they are now through one ref, read when it opens and when a day is picked.
  const [drawnWith] = useState(value);
  const field = useRef({ value, onPick });
  useEffect(() => {
    field.current = { value, onPick };
  });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        <Input
          {...input}
          value={value}
          type="text"
          placeholder={t('datePicker.placeholder')}
          dir="ltr"
          className="min-w-0 flex-1 text-start"
        />
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={t('datePicker.chooseDate')}
          commandfor={calendarId}
          command="show-modal"
          className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl border border-control bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <CalendarDays aria-hidden className="size-5" />
        </button>
      </div>
      {words && <p className="text-sm font-semibold text-brand-900">{words}</p>}
      <DatePickerDialog
        id={calendarId}
        value={drawnWith}
        min={earliest}
        max={latest}
        openWeekdays={openWeekdays?.join(' ')}
        title={label}
        field={field}
      />
    </div>
  );
}
