import { Pencil } from 'lucide-react';
import {
  DEFAULT_CANCELLATION_POLICY,
  WEEK_DISPLAY_ORDER,
  type CancellationPolicy,
  type Day,
  type Locale,
} from '#shared/constants.ts';
import { formatNumber, formatPrice, formatTimeRange } from '#shared/format.ts';
import { formatCount, formatMinutes } from '#shared/format-count.ts';
import { spaceFormSchema, type SpaceFormInput } from '#shared/schemas/space-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { DraftImage } from '#web/features/listing/listing-draft.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import type { ListSpaceKey } from '#web/features/listing/listing-translation.ts';
import type { WizardStepId } from '../wizard-step-table.ts';

/**
 * After the last step, the review: every step's answers under its title, each with a link back to
 * its step; the images step shows its pictures instead of rows. It loads on its own (the wizard
 * preloads it when idle), so it takes the wizard's step table and the policies' names from the
 * wizard rather than importing them: its chunk shares no module with the wizard's.
 */
export function ReviewStep({
  values,
  images,
  locale,
  onEdit,
  steps,
  policyText,
}: {
  values: SpaceFormInput;
  images: DraftImage[];
  locale: Locale;
  onEdit: (step: number) => void;
  /** the wizard's steps in order (wizard-step-table.ts) */
  steps: readonly { id: WizardStepId; title: ListSpaceKey }[];
  /** each cancellation policy's name (booking-settings.tsx) */
  policyText: Record<CancellationPolicy, ListSpaceKey>;
}) {
  const { t } = useTranslation();
  const list = (items: string[]) =>
    items.length > 0
      ? new Intl.ListFormat(locale === 'ar' ? 'ar' : 'en-GB', { type: 'conjunction' }).format(items)
      : '—';
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '—');
  // The buffer and shortest booking as the selects offer them ("ساعتان", "90 minutes").
  // Hours of notice and days ahead, counted ("ساعتان", "365 يوم"); as typed while not a number.
  const counted = (value: unknown, noun: 'hours' | 'days') => {
    const count = Number(value);
    return String(value ?? '').trim() !== '' && Number.isInteger(count) && count >= 0
      ? formatCount(count, noun, locale)
      : text(value);
  };
  const minutes = (value: unknown) => {
    const count = Number(value);
    return Number.isInteger(count) && count > 0 ? formatMinutes(count, locale) : text(value);
  };
  const parsed = spaceFormSchema.safeParse(values);
  const price = parsed.success
    ? formatPrice(Math.round(parsed.data.priceSar * 100), locale)
    : text(values.priceSar);
  const capacity = parsed.success
    ? formatNumber(parsed.data.capacity, locale)
    : text(values.capacity);
  const days = list(
    WEEK_DISPLAY_ORDER.filter((d) => (values.availableDays as Day[] | undefined)?.includes(d)).map(
      (d) => t(`days.${d}`),
    ),
  );
  // Each step's answers; the images step shows its pictures instead of rows.
  const rows: Record<Exclude<WizardStepId, 'images'>, [string, string][]> = {
    basics: [
      [
        t('listSpace.basics.listingLanguage'),
        t(`listSpace.language.${values.listingLanguage ?? 'ar'}`),
      ],
      [t('listSpace.review.nameAr'), text(values.nameAr)],
      [t('listSpace.review.nameEn'), text(values.nameEn)],
      [t('listSpace.review.descriptionAr'), text(values.descriptionAr)],
      [t('listSpace.review.descriptionEn'), text(values.descriptionEn)],
      [t('listSpace.basics.type'), values.type ? t(`spaceTypes.${values.type}`) : '—'],
    ],
    location: [
      [t('listSpace.location.address'), text(values.address)],
      [t('listSpace.location.city'), values.city ? t(`cities.${values.city}`) : '—'],
      [t('listSpace.location.country'), t('listSpace.country.SA')],
      [t('listSpace.location.mapsLink'), text(values.googleMapsUrl)],
    ],
    pricing: [
      [t('listSpace.pricing.price'), price],
      [
        t('listSpace.pricing.vat.legend'),
        values.vatRegistered === true ? text(values.vatNumber) : t('listSpace.review.vatNone'),
      ],
      [t('listSpace.pricing.capacity'), capacity],
      [
        t('listSpace.pricing.amenities'),
        list((values.amenities ?? []).map((a) => t(`amenities.${a}`))),
      ],
      [t('listSpace.pricing.phone'), text(values.contactPhone)],
      [t('listSpace.pricing.email'), text(values.contactEmail)],
    ],
    availability: [
      [t('listSpace.availability.days'), days],
      [
        t('listSpace.review.hours'),
        values.opensAt && values.closesAt
          ? formatTimeRange(values.opensAt, values.closesAt, locale)
          : '—',
      ],
      [
        t('listSpace.settings.buffer'),
        String(values.bufferMinutes) === '0'
          ? t('listSpace.settings.bufferNone')
          : minutes(values.bufferMinutes),
      ],
      [t('listSpace.settings.minBooking'), minutes(values.minBookingMinutes)],
      [
        t('listSpace.settings.notice'),
        String(values.minNoticeHours) === '0'
          ? t('listSpace.settings.bufferNone')
          : counted(values.minNoticeHours, 'hours'),
      ],
      [t('listSpace.settings.horizon'), counted(values.horizonDays, 'days')],
      [
        t('listSpace.settings.policy'),
        t(policyText[values.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY]),
      ],
    ],
  };
  const imageList = (
    <ul className="flex flex-wrap gap-2">
      {images.map((image, index) => (
        <li key={image.id} className="relative">
          <img
            src={image.url}
            alt={t('listSpace.images.alt', { n: formatNumber(index + 1, locale) })}
            className="size-20 rounded-xl object-cover"
          />
          {index === 0 && (
            <span className="absolute inset-x-1 bottom-1 truncate rounded-full bg-brand-700 px-1 text-center text-xs font-bold text-white">
              {t('listSpace.images.cover')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="flex flex-col gap-5">
      <p className="text-muted">{t('listSpace.review.intro')}</p>
      {steps.map((section, index) => (
        <section
          key={section.id}
          aria-labelledby={`review-${index}`}
          className="rounded-2xl border border-sand-200 p-4"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 id={`review-${index}`} className="font-bold text-ink">
              {t(section.title)}
            </h3>
            <Button
              type="button"
              variant="link"
              size="sm"
              className="shrink-0"
              aria-label={t('listSpace.review.edit', { step: t(section.title) })}
              onClick={() => onEdit(index)}
            >
              <Pencil aria-hidden />
              {t('listSpace.review.editShort')}
            </Button>
          </div>
          {section.id === 'images' ? (
            imageList
          ) : (
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
              {rows[section.id].map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm text-muted">{label}</dt>
                  <dd className="break-words whitespace-pre-line text-ink">
                    <bdi>{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}
