import { KeyRound, Languages } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import {
  AMENITIES,
  BUFFER_MINUTES_OPTIONS,
  CANCELLATION_POLICIES,
  DEFAULT_CANCELLATION_POLICY,
  CITIES,
  HORIZON_DAYS_MAX,
  HORIZON_DAYS_MIN,
  MIN_NOTICE_HOURS_MAX,
  PRICE_MAX_SAR,
  SPACE_TYPES,
  WEEK_DISPLAY_ORDER,
  type Day,
  type Locale,
} from '#shared/constants.ts';
import {
  MIN_BOOKING_MINUTES_OPTIONS,
  SPACE_DESCRIPTION_MAX,
  type SpaceForm,
  type SpaceFormInput,
} from '#shared/schemas/space-form.ts';
import { AmenityIcon } from '#web/components/amenity-icon.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { crossesMidnight } from '#shared/domain/opening-hours.ts';
import { formatNumber, formatTime } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { translateText } from '../api/translate-text.ts';
import type { DraftImage } from '../listing-draft.ts';

export type ListingForm = UseFormReturn<SpaceFormInput, unknown, SpaceForm>;

/** What every step of the wizard is given (wizard-step-table.ts lists the steps). */
export interface WizardStepProps {
  form: ListingForm;
  signedIn: boolean;
  /** translation is configured (GET /api/config) */
  translationOn: boolean;
  /** /auth with the prompt and the way back to the wizard */
  signInHref: string;
  /** the finished uploads, in display order (the first is the cover) */
  images: DraftImage[];
  /** gets an update of the current list (uploads finish in any order, any time) */
  onImagesChange: (update: (current: DraftImage[]) => DraftImage[]) => void;
}

export const WEEK_SUNDAY_FIRST: Day[] = [...WEEK_DISPLAY_ORDER];
const WORK_WEEK: Day[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'];

/** A group of radios or checkboxes: a fieldset with its legend, hint and error wired up. */
function ChoiceGroup({
  legend,
  hint,
  error,
  children,
  className,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const chipClass =
  'flex cursor-pointer items-center gap-2 rounded-xl border border-sand-200 bg-white px-3 py-2.5 text-sm font-medium text-ink transition-colors hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500';

const other = (locale: Locale): Locale => (locale === 'ar' ? 'en' : 'ar');
const suffix = (locale: Locale) => (locale === 'ar' ? 'Ar' : 'En');

// ── Step 1 ──

export function BasicsStep({ form, signedIn, translationOn }: WizardStepProps) {
  const { t } = useTranslation();
  // Translating needs the service configured and an account (the endpoint is for users only).
  const canTranslate = translationOn && signedIn;
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const listingLanguage = (useWatch({ control: form.control, name: 'listingLanguage' }) ??
    'ar') as Locale;
  const otherLanguage = other(listingLanguage);
  const main = suffix(listingLanguage);
  const second = suffix(otherLanguage);
  const [translating, setTranslating] = useState(false);

  const translate = async () => {
    const name = String(form.getValues(`name${main}`) ?? '').trim();
    const description = String(form.getValues(`description${main}`) ?? '').trim();
    if (!name && !description) {
      await form.trigger([`name${main}`, `description${main}`]);
      return;
    }
    setTranslating(true);
    try {
      const [nameText, descriptionText] = await Promise.all([
        name ? translateText(name, listingLanguage, otherLanguage) : null,
        description ? translateText(description, listingLanguage, otherLanguage) : null,
      ]);
      if (nameText) form.setValue(`name${second}`, nameText.text, { shouldDirty: true });
      if (descriptionText)
        form.setValue(`description${second}`, descriptionText.text, { shouldDirty: true });
      toast({ title: t('listSpace.translate.done') });
    } catch {
      toast({ variant: 'destructive', title: t('errors:TRANSLATION_FAILED') });
    } finally {
      setTranslating(false);
    }
  };

  const textFields = (lang: Locale, required: boolean) => {
    const s = suffix(lang);
    const languageName = t(`listSpace.language.${lang}`);
    return (
      <>
        <Field
          label={
            required
              ? t('listSpace.basics.name', { language: languageName })
              : t('listSpace.basics.nameOther', { inLanguage: t(`listSpace.language.in.${lang}`) })
          }
          error={fieldError(errors[`name${s}`]?.message)}
        >
          {(control) => (
            <Input
              {...control}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              {...form.register(`name${s}`)}
            />
          )}
        </Field>
        <Field
          label={
            required
              ? t('listSpace.basics.description', { language: languageName })
              : t('listSpace.basics.descriptionOther', {
                  inLanguage: t(`listSpace.language.in.${lang}`),
                })
          }
          hint={t('listSpace.basics.descriptionHint', {
            max: formatNumber(SPACE_DESCRIPTION_MAX, lang),
          })}
          error={fieldError(errors[`description${s}`]?.message)}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              {...form.register(`description${s}`)}
            />
          )}
        </Field>
      </>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <ChoiceGroup
        legend={t('listSpace.basics.listingLanguage')}
        hint={t('listSpace.basics.listingLanguageHint')}
        error={fieldError(errors.listingLanguage?.message)}
      >
        {() => (
          <div className="flex flex-wrap gap-2">
            {(['ar', 'en'] as const).map((lang) => (
              <label key={lang} className={chipClass}>
                <input
                  type="radio"
                  value={lang}
                  className="size-4 accent-brand-700"
                  {...form.register('listingLanguage')}
                />
                {t(`listSpace.language.${lang}`)}
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>
      {textFields(listingLanguage, true)}
      <Field label={t('listSpace.basics.type')} error={fieldError(errors.type?.message)}>
        {(control) => (
          <Select {...control} {...form.register('type')}>
            <option value="">{t('listSpace.choose')}</option>
            {SPACE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`spaceTypes.${type}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <section
        aria-labelledby="other-language-title"
        className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-4 sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h3 id="other-language-title" className="font-bold text-ink">
              {t(`listSpace.basics.otherTitle.${otherLanguage}`)}
            </h3>
            <p className="text-sm text-muted">{t('listSpace.basics.otherHint')}</p>
          </div>
          {canTranslate && (
            <Button type="button" variant="outline" onClick={translate} disabled={translating}>
              <Languages aria-hidden />
              {translating
                ? t('listSpace.translate.working')
                : t('listSpace.translate.button', {
                    language: t(`listSpace.language.${otherLanguage}`),
                  })}
            </Button>
          )}
        </div>
        {textFields(otherLanguage, false)}
      </section>
    </div>
  );
}

// ── Step 2 ──

export function LocationStep({ form }: WizardStepProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-6">
      <Field label={t('listSpace.location.address')} error={fieldError(errors.address?.message)}>
        {(control) => (
          <Input
            {...control}
            dir="auto"
            autoComplete="street-address"
            {...form.register('address')}
          />
        )}
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t('listSpace.location.city')} error={fieldError(errors.city?.message)}>
          {(control) => (
            <Select {...control} {...form.register('city')}>
              <option value="">{t('listSpace.choose')}</option>
              {CITIES.map((city) => (
                <option key={city} value={city}>
                  {t(`cities.${city}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('listSpace.location.country')} error={fieldError(errors.country?.message)}>
          {(control) => (
            <Select {...control} {...form.register('country')}>
              <option value="SA">{t('listSpace.country.SA')}</option>
            </Select>
          )}
        </Field>
      </div>
      <Field
        label={t('listSpace.location.mapsLink')}
        hint={t('listSpace.location.mapsHint')}
        error={fieldError(errors.googleMapsUrl?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder="https://maps.app.goo.gl/…"
            {...form.register('googleMapsUrl')}
          />
        )}
      </Field>
    </div>
  );
}

// ── Step 3 ──

export function PricingStep({ form }: WizardStepProps) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const vatRegistered = useWatch({ control: form.control, name: 'vatRegistered' }) === true;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label={t('listSpace.pricing.price')}
          hint={t('listSpace.pricing.priceHint', {
            max: formatNumber(PRICE_MAX_SAR, i18n.language),
          })}
          error={fieldError(errors.priceSar?.message)}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" dir="ltr" {...form.register('priceSar')} />
          )}
        </Field>
        <Field
          label={t('listSpace.pricing.capacity')}
          hint={t('listSpace.pricing.capacityHint')}
          error={fieldError(errors.capacity?.message)}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" dir="ltr" {...form.register('capacity')} />
          )}
        </Field>
      </div>
      <ChoiceGroup legend={t('listSpace.pricing.vat.legend')}>
        {() => (
          <div className="flex flex-col gap-4">
            <label className={cn(chipClass, 'self-start')}>
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                {...form.register('vatRegistered')}
              />
              {t('listSpace.pricing.vat.registered')}
            </label>
            {vatRegistered && (
              <div className="grid gap-6 sm:grid-cols-2">
                <Field
                  label={t('listSpace.pricing.vat.number')}
                  hint={t('listSpace.pricing.vat.numberHint')}
                  error={fieldError(errors.vatNumber?.message)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="numeric"
                      dir="ltr"
                      autoComplete="off"
                      placeholder="3XXXXXXXXXXXXX3"
                      {...form.register('vatNumber')}
                    />
                  )}
                </Field>
              </div>
            )}
          </div>
        )}
      </ChoiceGroup>
      <ChoiceGroup
        legend={t('listSpace.pricing.amenities')}
        error={fieldError(errors.amenities?.message)}
      >
        {() => (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {AMENITIES.map((amenity) => {
              return (
                <label key={amenity} className={chipClass}>
                  <input
                    type="checkbox"
                    value={amenity}
                    className="size-4 accent-brand-700"
                    {...form.register('amenities')}
                  />
                  <AmenityIcon amenity={amenity} className="size-5 text-brand-700" />
                  {t(`amenities.${amenity}`)}
                </label>
              );
            })}
          </div>
        )}
      </ChoiceGroup>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label={t('listSpace.pricing.phone')}
          hint={t('listSpace.pricing.phoneHint')}
          error={fieldError(errors.contactPhone?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="05XXXXXXXX"
              {...form.register('contactPhone')}
            />
          )}
        </Field>
        <Field
          label={t('listSpace.pricing.email')}
          error={fieldError(errors.contactEmail?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              dir="ltr"
              inputMode="email"
              autoComplete="email"
              {...form.register('contactEmail')}
            />
          )}
        </Field>
      </div>
    </div>
  );
}

// ── Step 4 ──

/**
 * The uploader (file checks, progress, previews) is needed from the photos step on: it loads then,
 * or earlier once the browser is idle (the wizard calls preloadImageUploader), not before the
 * wizard's first step can be used.
 */
const loadImageUploader = () => import('./image-uploader.tsx');
const ImageUploader = lazy(() => loadImageUploader().then((m) => ({ default: m.ImageUploader })));
export const preloadImageUploader = () => void loadImageUploader();

/** The photos: uploads need an account, so a visitor is asked to sign in first. */
export function ImagesStep({
  form,
  signedIn,
  signInHref,
  images,
  onImagesChange,
}: WizardStepProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  if (!signedIn) return <SignInPrompt href={signInHref} />;
  const imageError = fieldError(form.formState.errors.imageIds?.message);
  return (
    <>
      <p id="images-hint" className="text-muted">
        {t('listSpace.images.intro')}
      </p>
      <Suspense fallback={<PageLoading />}>
        <ImageUploader
          images={images}
          onChange={onImagesChange}
          error={imageError}
          describedBy={imageError ? 'images-hint images-error' : 'images-hint'}
        />
      </Suspense>
      {imageError && (
        <p id="images-error" role="alert" className="text-sm font-medium text-red-700">
          {imageError}
        </p>
      )}
    </>
  );
}

function SignInPrompt({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl bg-gold-400/20 p-5">
      <p className="font-semibold text-brand-900">{t('listSpace.signIn.images')}</p>
      <Link to={href} className={buttonVariants({})}>
        <KeyRound aria-hidden />
        {t('auth.prompt.list')}
      </Link>
    </div>
  );
}

// ── Step 5 ──

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
function BookingSettings({ form }: { form: ListingForm }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const n = (value: number) => formatNumber(value, i18n.language);
  // The chosen policy in full, under the select: what renters will read.
  const policy = useWatch({ control: form.control, name: 'cancellationPolicy' });
  const duration = (minutes: number) =>
    minutes < 60
      ? t('listSpace.settings.minutes', { count: n(minutes) })
      : minutes === 60
        ? t('listSpace.settings.oneHour')
        : t('listSpace.settings.hours', { count: n(minutes / 60) });
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
                  {minutes === 0
                    ? t('listSpace.settings.bufferNone')
                    : t('listSpace.settings.minutes', { count: n(minutes) })}
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
          hint={t('listSpace.settings.noticeHint', { min: n(0), max: n(MIN_NOTICE_HOURS_MAX) })}
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
            max: n(HORIZON_DAYS_MAX),
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
