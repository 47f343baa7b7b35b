import { useWatch } from 'react-hook-form';
import { WEEK_DISPLAY_ORDER, type Day } from '#shared/constants.ts';
import { crossesMidnight } from '#shared/domain/opening-hours.ts';
import { formatTime } from '#shared/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { BookingSettings } from './booking-settings.tsx';
import { ChoiceGroup, chipClass } from './choice-group.tsx';
import type { WizardStepProps } from './wizard-step-props.ts';

/** The week as Saudi calendars show it, Sunday first (decision 013). */
export const WEEK_SUNDAY_FIRST: Day[] = [...WEEK_DISPLAY_ORDER];
const WORK_WEEK: Day[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'];

/**
 * Step 5, availability: the days and hours the space opens (closing past midnight allowed,
 * decision 030) and the host's booking settings.
 */
export function AvailabilityStep({ form }: WizardStepProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const [opensAt = '', closesAt = ''] = useWatch({
    control: form.control,
    name: ['opensAt', 'closesAt'],
  }) as [string | undefined, string | undefined];
  const pick = (days: Day[]) =>
    form.setValue('availableDays', days, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  return (
    <div className="flex flex-col gap-6">
      <ChoiceGroup
        legend={t('listSpace.availability.days')}
        error={fieldError(errors.availableDays?.message)}
      >
        {() => (
          <>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => pick(WORK_WEEK)}>
                {t('listSpace.availability.workWeek')}
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => pick(WEEK_SUNDAY_FIRST)}
              >
                {t('listSpace.availability.everyDay')}
              </Button>
            </div>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
              {WEEK_SUNDAY_FIRST.map((day) => (
                <label key={day} className={chipClass}>
                  <input
                    type="checkbox"
                    value={day}
                    className="size-4 accent-brand-700"
                    {...form.register('availableDays')}
                  />
                  {t(`days.${day}`)}
                </label>
              ))}
            </div>
          </>
        )}
      </ChoiceGroup>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label={t('listSpace.availability.opens')}
          error={fieldError(errors.opensAt?.message)}
        >
          {(control) => <Input {...control} type="time" {...form.register('opensAt')} />}
        </Field>
        <Field
          label={t('listSpace.availability.closes')}
          error={fieldError(errors.closesAt?.message)}
          hint={
            crossesMidnight({ opensAt, closesAt })
              ? t('listSpace.availability.closesNextDay', { time: formatTime(closesAt, locale) })
              : t('listSpace.availability.closesHint')
          }
        >
          {(control) => <Input {...control} type="time" {...form.register('closesAt')} />}
        </Field>
      </div>
      <BookingSettings form={form} />
    </div>
  );
}
