import { useWatch } from 'react-hook-form';
import {
  BUFFER_MINUTES_OPTIONS,
  CANCELLATION_POLICIES,
  DEFAULT_CANCELLATION_POLICY,
  HORIZON_DAYS_MAX,
  HORIZON_DAYS_MIN,
  MIN_NOTICE_HOURS_MAX,
  type Locale,
} from '#shared/constants.ts';
import { formatCount, formatMinutes } from '#shared/format-count.ts';
import { formatNumber } from '#shared/format.ts';
import { MIN_BOOKING_MINUTES_OPTIONS } from '#shared/schemas/space-form.ts';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import type { ListingForm } from './wizard-step-props.ts';

/** Each cancellation policy's text in the wizard (src/shared/domain/cancellation-policy.ts). */
export const POLICY_TEXT = {
  flexible: 'listSpace.settings.policyFlexible',
  moderate: 'listSpace.settings.policyModerate',
  strict: 'listSpace.settings.policyStrict',
} as const;

/** Each policy's short name in the select, which a phone's width does not cut off. */
const POLICY_OPTION = {
  flexible: 'listSpace.settings.policyOptionFlexible',
  moderate: 'listSpace.settings.policyOptionModerate',
  strict: 'listSpace.settings.policyOptionStrict',
} as const;

/**
 * The host's booking settings: break between bookings, notice, how far ahead, shortest booking,
 * and the cancellation policy.
 */
export function BookingSettings({ form }: { form: ListingForm }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const n = (value: number) => formatNumber(value, i18n.language);
  // The chosen policy in full, under the select: what renters will read.
  const policy = useWatch({ control: form.control, name: 'cancellationPolicy' });
  const locale = i18n.language as Locale;
  const duration = (minutes: number) => formatMinutes(minutes, locale);
  return (
    <section
      aria-labelledby="booking-settings-title"
      className="flex flex-col gap-5 rounded-2xl border border-sand-200 bg-sand-50 p-4 sm:p-5"
    >
      <h3 id="booking-settings-title" className="font-bold text-ink">
        {t('listSpace.settings.title')}
      </h3>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label={t('listSpace.settings.buffer')}
          error={fieldError(errors.bufferMinutes?.message)}
        >
          {(control) => (
            <Select {...control} {...form.register('bufferMinutes')}>
              {BUFFER_MINUTES_OPTIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes === 0 ? t('listSpace.settings.bufferNone') : duration(minutes)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('listSpace.settings.policy')}
          hint={
            <>
              <span className="block font-semibold text-ink" data-testid="policy-meaning">
                {t(POLICY_TEXT[policy ?? DEFAULT_CANCELLATION_POLICY])}
              </span>
              {t('listSpace.settings.policyHint')}
            </>
          }
          error={fieldError(errors.cancellationPolicy?.message)}
        >
          {(control) => (
            <Select {...control} {...form.register('cancellationPolicy')}>
              {CANCELLATION_POLICIES.map((option) => (
                <option key={option} value={option}>
                  {t(POLICY_OPTION[option])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('listSpace.settings.minBooking')}
          error={fieldError(errors.minBookingMinutes?.message)}
        >
          {(control) => (
            <Select {...control} {...form.register('minBookingMinutes')}>
              {MIN_BOOKING_MINUTES_OPTIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {duration(minutes)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('listSpace.settings.notice')}
          hint={t('listSpace.settings.noticeHint', {
            min: n(0),
            max: formatCount(MIN_NOTICE_HOURS_MAX, 'hours', locale, { case: 'oblique' }),
          })}
          error={fieldError(errors.minNoticeHours?.message)}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              dir="ltr"
              {...form.register('minNoticeHours')}
            />
          )}
        </Field>
        <Field
          label={t('listSpace.settings.horizon')}
          hint={t('listSpace.settings.horizonHint', {
            min: n(HORIZON_DAYS_MIN),
            max: formatCount(HORIZON_DAYS_MAX, 'days', locale, { case: 'oblique' }),
          })}
          error={fieldError(errors.horizonDays?.message)}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" dir="ltr" {...form.register('horizonDays')} />
          )}
        </Field>
      </div>
    </section>
  );
}
