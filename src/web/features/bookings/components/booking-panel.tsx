import { CalendarCheck, Clock, LogIn } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { WEEK_DISPLAY_ORDER, type CancellationPolicy, type Day } from '#shared/constants.ts';
import { bookingQuote } from '#shared/domain/booking-price.ts';
import { NO_PRICE_RULES, priceRange, type PriceRules } from '#shared/domain/price-rules.ts';
import { quoteRows } from '#shared/format-quote.ts';
import { daySlots, lastBookableDate, timeRules } from '#shared/domain/booking-slots.ts';
import { addDays } from '#shared/domain/host-week.ts';
import { VAT_RATE_PERCENT } from '#shared/domain/vat.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import type { BookingForm, BookingFormInput } from '#shared/schemas/booking.ts';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import { paths } from '#web/lib/paths.ts';
import { DateField } from '#web/components/date-picker/date-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { PhoneInput, usePhoneHint } from '#web/components/ui/phone-input.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import {
  formatBookingDate,
  formatDate,
  formatEndTime,
  formatNextDayTime,
  formatNumber,
  formatPrice,
  formatTime,
} from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { createBooking } from '../api/create-booking.ts';
import { useAvailability } from '../api/get-availability.ts';
import { clearBookingDraft, readBookingDraft, saveBookingDraft } from './booking-draft.ts';

/** The summary dialog is needed only once the renter asks to review: it loads then. */
const BookingConfirmDialog = lazy(() =>
  import('./booking-confirm-dialog.tsx').then((m) => ({ default: m.BookingConfirmDialog })),
);

export interface BookingPanelSpace {
  id: string;
  nameAr: string | null;
  nameEn: string | null;
  listingLanguage: 'ar' | 'en';
  /** VAT included (decision 035) */
  priceHalalas: number;
  /** the host is VAT-registered: the total shows the VAT part */
  vatRegistered?: boolean;
  capacity: number;
  /** HH:mm */
  opensAt: string;
  closesAt: string;
  availableDays: Day[];
  /** the host's booking settings (optional: the defaults apply without them) */
  minBookingMinutes?: number;
  minNoticeHours?: number;
  horizonDays?: number;
  bufferMinutes?: number;
  /** shown in the confirmation dialog (issue 18) */
  cancellationPolicy?: CancellationPolicy;
  /** rates by day and time, day rate, minimum hours, add-ons (issue 35) */
  priceRules?: PriceRules;
}

const FORM_FIELDS = ['date', 'startTime', 'endTime', 'guests', 'contactPhone'] as const;
const WEEK_ORDER = WEEK_DISPLAY_ORDER;

/**
 * The booking form of a space (docs/product-spec.md §2, §5): date, start and end time within
 * opening hours with the day's confirmed bookings greyed out, guests and contact phone, the total
 * live in SAR; then a confirmation dialog; then a pending request. Signed out, it asks the visitor
 * to sign in and brings them back with what they typed.
 */
/** A start or end time: the day's slots, taken and past ones disabled (daySlots decides). */
function TimeField({
  label,
  error,
  slots,
  opensAt,
  hint,
  ...register
}: {
  label: string;
  error?: string;
  slots: readonly { time: string; taken: boolean; bookable: boolean }[];
  /** the day's opening time, for end times: one at or before it is the next day's */
  opensAt?: string;
  hint?: string;
} & UseFormRegisterReturn) {
  const { t, i18n } = useTranslation();
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <Select {...control} {...register}>
          <option value="">{t('booking.chooseTime')}</option>
          {slots.map(({ time, taken, bookable }) => (
            <option key={time} value={time} disabled={!bookable}>
              {opensAt
                ? formatEndTime(opensAt, time, i18n.language)
                : formatTime(time, i18n.language)}
              {taken ? ` — ${t('booking.taken')}` : ''}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function BookingPanel({ space }: { space: BookingPanelSpace }) {
  const { t, i18n } = useTranslation();
  const phoneHint = usePhoneHint();
  const locale = i18n.language;
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const { user, loading: authLoading } = useAuth();
  const [confirming, setConfirming] = useState<BookingFormInput | null>(null);
  // Mounted from the first review on (then kept, so closing returns focus as a dialog should).
  const [confirmWanted, setConfirmWanted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  /** the reference of the request just sent, shown until the page is left */
  const [booked, setBooked] = useState<string | null>(null);
  const [availabilityVersion, setAvailabilityVersion] = useState(0);
  /** the add-ons chosen: id → quantity (issue 35) */
  const [addOns, setAddOns] = useState<Record<string, number>>({});

  // The rules arrive with zod when the form is first touched, not with the page (issue 19).
  const rules = useMemo(
    () =>
      lazyZodResolver<BookingFormInput, BookingForm>(async () =>
        (await import('#shared/schemas/booking.ts')).bookingFormSchema(space),
      ),
    [space],
  );
  const form = useForm<BookingFormInput, unknown, BookingForm>({
    resolver: rules.resolve,
    defaultValues: {
      date: '',
      startTime: '',
      endTime: '',
      contactPhone: '',
      ...readBookingDraft(space.id),
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [date, startTime, endTime, guests] = useWatch({
    control: form.control,
    name: ['date', 'startTime', 'endTime', 'guests'],
  });

  // The signed-in user's own number is the natural contact phone; they may change it.
  const userPhone = user?.phone ? localSaudiMobile(user.phone) : '';
  useEffect(() => {
    if (userPhone && !form.getValues('contactPhone')) form.setValue('contactPhone', userPhone);
  }, [userPhone, form]);

  const availability = useAvailability(space.id, date ?? '', availabilityVersion);
  const busy = availability.data?.busy ?? [];
  const now = new Date();
  const today = riyadhToday(now);
  const closedDay = availability.data && !availability.data.open;

  // The times, taken and past marks and total come from the booking rules the server applies.
  const slots = daySlots(space, { date: date ?? '', busy }, startTime, now);
  // The same quote the server makes and keeps (issue 35): the rates of the day and time, the day
  // rate, the add-ons chosen — line by line.
  const priceRules = space.priceRules ?? NO_PRICE_RULES;
  const chosenAddOns = priceRules.addOns
    .filter((a) => (addOns[a.id] ?? 0) > 0)
    .map((a) => ({ id: a.id, quantity: Math.min(addOns[a.id]!, a.maxQuantity) }));
  const quoteContext = (values: { date?: string; guests?: number }) =>
    values.date
      ? {
          date: values.date,
          guests: Number.isFinite(values.guests) ? values.guests! : 1,
          priceRules,
          addOns: chosenAddOns,
        }
      : undefined;
  const quote = bookingQuote(
    space.priceHalalas,
    { startTime: startTime ?? '', endTime: endTime ?? '' },
    timeRules(space),
    space.vatRegistered,
    quoteContext({ date, guests }),
  );
  const confirmingQuote =
    confirming &&
    bookingQuote(
      space.priceHalalas,
      confirming,
      timeRules(space),
      space.vatRegistered,
      quoteContext(confirming),
    );
  const range = priceRange(space.priceHalalas, priceRules);
  const itemised = quote !== null && (quote.lines.length > 1 || quote.lines[0]?.kind !== 'hours');
  const name =
    (locale === 'ar' ? space.nameAr || space.nameEn : space.nameEn || space.nameAr) ?? '';
  const openDays =
    space.availableDays.length === 7
      ? t('booking.everyDay')
      : WEEK_ORDER.filter((d) => space.availableDays.includes(d))
          .map((d) => t(`days.${d}`))
          .join(t('booking.listSeparator'));

  const signInToBook = () => {
    saveBookingDraft(space.id, form.getValues());
    void navigate(
      `${paths.auth}?redirect=${encodeURIComponent(paths.space(space.id))}&prompt=book`,
    );
  };

  const review = form.handleSubmit(() => {
    if (!user) return signInToBook();
    setConfirmWanted(true);
    setConfirming(form.getValues());
  });

  const submit = async () => {
    if (!confirming) return;
    setSubmitting(true);
    try {
      const sent = await createBooking({
        ...confirming,
        spaceId: space.id,
        addOns: chosenAddOns,
      });
      clearBookingDraft(space.id);
      setConfirming(null);
      setBooked(sent.reference);
      form.reset({ ...form.getValues(), startTime: '', endTime: '' });
      setAvailabilityVersion((v) => v + 1);
      toast({
        title: t('booking.success.title'),
        description: t('booking.success.text'),
        action: {
          label: t('booking.success.link'),
          altText: t('booking.success.link'),
          onClick: () => void navigate(paths.account),
        },
      });
    } catch (error) {
      setConfirming(null);
      if (error instanceof ApiRequestError) {
        if (error.status === 401) return signInToBook();
        if (error.code === 'VALIDATION_ERROR') {
          for (const field of FORM_FIELDS) {
            const message = error.fields[field];
            if (message) form.setError(field, { message }, { shouldFocus: true });
          }
        }
        // The time is taken, or inside the host's break beside a booking: pick another.
        if (error.code === 'BOOKING_OVERLAP' || error.code === 'SLOT_IN_BUFFER') {
          form.setError('startTime', { message: error.message }, { shouldFocus: true });
          setAvailabilityVersion((v) => v + 1);
        }
      }
      const message = error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR');
      toast({ variant: 'destructive', title: t('booking.failed'), description: message });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section
      aria-labelledby="booking-panel-title"
      className="flex flex-col gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="booking-panel-title" className="text-xl font-bold text-ink">
          {t('booking.title')}
        </h2>
        <p className="text-lg text-ink">
          <span className="font-bold text-brand-700">
            {range.min === range.max
              ? formatPrice(space.priceHalalas, locale)
              : t('booking.priceRange', {
                  min: formatPrice(range.min, locale),
                  max: formatPrice(range.max, locale),
                })}
          </span>{' '}
          <span className="text-muted">{t('booking.perHour')}</span>
          <span className="block text-sm text-muted">{t('booking.vatIncluded')}</span>
        </p>
        <p className="flex items-start gap-2 text-sm text-muted">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t('booking.hours', {
              days: openDays,
              opens: formatTime(space.opensAt, locale),
              closes: formatEndTime(space.opensAt, space.closesAt, locale),
            })}
          </span>
        </p>
      </div>

      {booked && (
        <div role="status" className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
          <p className="font-semibold">{t('booking.success.title')}</p>
          <BookingReference reference={booked} className="mt-1" />
          <p className="mt-1">{t('booking.success.text')}</p>
          <Link
            to={paths.account}
            className="mt-2 inline-block font-semibold text-brand-700 underline"
          >
            {t('booking.success.link')}
          </Link>
        </div>
      )}

      <form
        noValidate
        onSubmit={review}
        onFocusCapture={rules.preload}
        onPointerDownCapture={rules.preload}
        aria-label={t('booking.formLabel')}
        className="flex flex-col gap-4"
      >
        <Field
          label={t('booking.date')}
          error={fieldError(errors.date?.message)}
          hint={closedDay ? t('fields:bookingClosedDay') : undefined}
        >
          {(control) => (
            <DateField
              {...control}
              {...form.register('date')}
              label={t('booking.date')}
              value={date ?? ''}
              earliest={today}
              latest={lastBookableDate(space, now)}
              openWeekdays={space.availableDays}
              describe={formatBookingDate}
              onPick={(day) =>
                form.setValue('date', day, { shouldValidate: true, shouldDirty: true })
              }
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <TimeField
            label={t('booking.startTime')}
            error={fieldError(errors.startTime?.message)}
            slots={slots.starts}
            {...form.register('startTime')}
          />
          <TimeField
            label={t('booking.endTime')}
            error={fieldError(errors.endTime?.message)}
            slots={slots.ends}
            opensAt={space.opensAt}
            hint={
              date && startTime && endTime && endTime <= startTime && timeRules(space).overnight
                ? t('booking.endsNextDay', {
                    date: formatDate(addDays(date, 1), locale, 'medium'),
                  })
                : undefined
            }
            {...form.register('endTime')}
          />
        </div>
        {busy.length > 0 && (
          <div className="rounded-2xl bg-sand-100 p-3 text-sm text-ink">
            <p className="font-semibold">{t('booking.busyTitle')}</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {busy.map((b) => (
                <li
                  key={`${b.startTime}-${b.endTime}`}
                  className="rounded-full bg-white px-3 py-1 text-muted line-through decoration-muted/60"
                >
                  {t('booking.timeRange', {
                    start: (b.nextDay ? formatNextDayTime : formatTime)(b.startTime, locale),
                    end: b.nextDay
                      ? formatNextDayTime(b.endTime, locale)
                      : formatEndTime(b.startTime, b.endTime, locale),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        {availability.status === 'error' && (
          <p className="text-sm text-red-700">{t('booking.availabilityFailed')}</p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t('booking.guests')}
            hint={t('booking.guestsHint', {
              max: formatCount(space.capacity, 'guests', locale, { case: 'oblique' }),
            })}
            error={fieldError(errors.guests?.message)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={space.capacity}
                step={1}
                dir="ltr"
                {...form.register('guests', { valueAsNumber: true })}
              />
            )}
          </Field>
          <Field
            label={t('booking.contactPhone')}
            hint={phoneHint}
            error={fieldError(errors.contactPhone?.message)}
          >
            {(control) => <PhoneInput {...control} {...form.register('contactPhone')} />}
          </Field>
        </div>

        {priceRules.addOns.length > 0 && (
          <fieldset className="flex flex-col gap-2" data-testid="add-ons">
            <legend className="mb-1 font-semibold text-ink">{t('booking.addOns')}</legend>
            {priceRules.addOns.map((addOn) => {
              const quantity = addOns[addOn.id] ?? 0;
              const label = locale === 'ar' ? addOn.nameAr : addOn.nameEn;
              return (
                <div
                  key={addOn.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sand-200 px-3 py-2"
                >
                  <label className="flex items-center gap-2 text-sm text-ink">
                    <input
                      type="checkbox"
                      checked={quantity > 0}
                      onChange={(e) =>
                        setAddOns((a) => ({ ...a, [addOn.id]: e.target.checked ? 1 : 0 }))
                      }
                      className="size-4 accent-brand-700"
                    />
                    <span>
                      <bdi>{label}</bdi>{' '}
                      <span className="text-muted">
                        {t(`booking.addOnPer.${addOn.per}`, {
                          price: formatPrice(addOn.priceHalalas, locale),
                        })}
                      </span>
                    </span>
                  </label>
                  {addOn.maxQuantity > 1 && quantity > 0 && (
                    <input
                      type="number"
                      inputMode="numeric"
                      dir="ltr"
                      min={1}
                      max={addOn.maxQuantity}
                      step={1}
                      value={quantity}
                      aria-label={t('booking.addOnQuantity', { name: label })}
                      onChange={(e) => {
                        const n = Math.trunc(Number(e.target.value));
                        setAddOns((a) => ({
                          ...a,
                          [addOn.id]: Math.max(1, Math.min(addOn.maxQuantity, n || 1)),
                        }));
                      }}
                      className="h-9 w-20 rounded-lg border border-control px-2 text-ink"
                    />
                  )}
                </div>
              );
            })}
          </fieldset>
        )}

        <div className="flex flex-col gap-1 rounded-2xl bg-sand-50 px-4 py-3">
          {itemised && (
            <ul className="mb-1 flex flex-col gap-1 text-sm text-ink" data-testid="quote-lines">
              {quoteRows(quote.lines, locale).map((row, i) => (
                <li key={i} className="flex items-center justify-between gap-3">
                  <span>{row.label}</span>
                  <span className="font-semibold">{row.value}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="flex items-center justify-between gap-3">
            <span className="font-semibold text-ink">{t('booking.totalVatIncluded')}</span>
            <span aria-live="polite" className="text-lg font-bold text-brand-700">
              {quote === null ? '—' : formatPrice(quote.totalHalalas, locale)}
            </span>
          </div>
          {quote !== null && quote.vatHalalas !== null && (
            <div className="flex items-center justify-between gap-3 text-sm text-muted">
              <span>{t('booking.vatPart', { rate: formatNumber(VAT_RATE_PERCENT, locale) })}</span>
              <span>{formatPrice(quote.vatHalalas, locale)}</span>
            </div>
          )}
        </div>
        {quote !== null && !itemised && Number.isFinite(guests) && (
          <p className="-mt-2 text-sm text-muted">
            {t('booking.totalExplained', {
              hours: formatCount(quote.minutes / 60, 'hours', locale),
              price: formatPrice(space.priceHalalas, locale),
            })}
          </p>
        )}

        {user || authLoading ? (
          <Button type="submit" size="lg" disabled={authLoading}>
            <CalendarCheck aria-hidden />
            {t('booking.submit')}
          </Button>
        ) : (
          <Button type="button" size="lg" onClick={signInToBook}>
            <LogIn aria-hidden className="rtl:-scale-x-100" />
            {t('auth.prompt.book')}
          </Button>
        )}
        <p className="text-center text-xs text-muted">{t('booking.noCharge')}</p>
      </form>

      {confirmWanted && (
        <Suspense fallback={null}>
          <BookingConfirmDialog
            open={confirming !== null}
            onOpenChange={(open) => {
              if (!open && !submitting) setConfirming(null);
            }}
            spaceName={name}
            cancellationPolicy={space.cancellationPolicy}
            values={confirming}
            totalHalalas={confirmingQuote?.totalHalalas ?? 0}
            vatHalalas={confirmingQuote?.vatHalalas ?? null}
            lines={confirmingQuote?.lines ?? []}
            submitting={submitting}
            onConfirm={submit}
          />
        </Suspense>
      )}
    </section>
  );
}
