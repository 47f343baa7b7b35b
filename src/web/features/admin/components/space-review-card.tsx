import { Clock, ExternalLink, Mail, MapPin, Phone, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { DAYS, WEEK_DISPLAY_ORDER } from '#shared/constants.ts';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import type { AdminSpace } from '#shared/schemas/admin.ts';
import { formatNumber, formatPrice, formatTimeRange } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/space-image.ts';
import { formatInstant } from '../format-instant.ts';
import { ChangedMark } from './changed-mark.tsx';
import { DecisionButtons } from './decision-buttons.tsx';
import { CoverBadge, RevisionComparison } from './revision-comparison.tsx';
import { StatusBadge } from './status-badge.tsx';
import { HostRecordPanel } from './host-record.tsx';

const WEEK = WEEK_DISPLAY_ORDER;

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <span aria-hidden className="mt-0.5 text-brand-700 [&_svg]:size-4">
        {icon}
      </span>
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** One listing as the host entered it, in both languages, with the decision buttons. */
export function SpaceReviewCard({
  space,
  busy,
  onApprove,
  onReject,
  onApproveRevision,
  onRejectRevision,
}: {
  space: AdminSpace;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onApproveRevision?: () => void;
  onRejectRevision?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const name =
    (locale === 'ar' ? (space.nameAr ?? space.nameEn) : (space.nameEn ?? space.nameAr)) ?? '';
  const days = WEEK.filter((d) => space.availableDays.includes(d) && DAYS.includes(d));
  const titleId = `space-${space.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="space-review"
      className="flex flex-col gap-5 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={titleId} className="text-xl font-bold text-ink" dir="auto">
            {name}
          </h3>
          <p className="text-sm text-muted">
            {t(`spaceTypes.${space.type}` as 'spaceTypes.event_hall')} ·{' '}
            {t(`cities.${space.city}` as 'cities.riyadh')} ·{' '}
            {t('admin.space.submitted', { date: formatInstant(space.createdAt, locale) })}
          </p>
          {space.contentChangedAt && <ChangedMark at={space.contentChangedAt} />}
        </div>
        <StatusBadge status={space.status} />
      </header>

      {space.images.length > 0 ? (
        // Wider than a phone: a scrolling row, so it takes the focus (arrow keys scroll it).
        <ul
          tabIndex={0}
          aria-label={t('admin.revision.field.imageIds')}
          className="flex gap-3 overflow-x-auto pb-1 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {space.images.map((image, index) => {
            return (
              <li key={image.variants[0]?.url ?? index} className="relative shrink-0">
                <img
                  src={image.variants[0]?.url}
                  srcSet={imageSrcSet(image)}
                  sizes="240px"
                  width={240}
                  height={Math.round((240 * image.height) / image.width)}
                  alt={t('admin.space.photo', { n: formatNumber(index + 1, locale), name })}
                  loading="lazy"
                  className="h-36 w-60 rounded-2xl object-cover"
                />
                {index === 0 && <CoverBadge />}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('admin.space.noPhotos')}</p>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        {(['ar', 'en'] as const).map((lang) => {
          const langName = lang === 'ar' ? space.nameAr : space.nameEn;
          const description = lang === 'ar' ? space.descriptionAr : space.descriptionEn;
          return (
            <section
              key={lang}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              aria-label={t(`admin.space.${lang}`)}
              className="rounded-2xl bg-sand-100/60 p-4"
            >
              <p className="text-xs font-semibold text-muted">
                {t(`admin.space.${lang}`)}
                {space.listingLanguage === lang && ` · ${t('admin.space.original')}`}
              </p>
              <p className="mt-1 font-semibold text-ink" dir="auto">
                {langName ?? t('admin.space.missing')}
              </p>
              <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink" dir="auto">
                {description ?? t('admin.space.missing')}
              </p>
            </section>
          );
        })}
      </div>

      <dl className="grid gap-3 text-sm text-ink sm:grid-cols-2">
        <Row icon={<span className="font-bold">﷼</span>} label={t('admin.space.price')}>
          {t('admin.space.pricePerHour', { price: formatPrice(space.priceHalalas, locale) })}
        </Row>
        <Row icon={<Users />} label={t('admin.space.capacityLabel')}>
          {t('admin.space.capacity', {
            guests: formatCount(space.capacity, 'guests', locale, { case: 'oblique' }),
          })}
        </Row>
        <Row icon={<Clock />} label={t('admin.space.hours')}>
          {formatTimeRange(space.opensAt, space.closesAt, locale)} ·{' '}
          {days.map((d) => t(`days.${d}`)).join(t('admin.listSeparator'))}
        </Row>
        <Row icon={<MapPin />} label={t('admin.space.address')}>
          <bdi>{space.address}</bdi>
          {space.googleMapsUrl && (
            <>
              {' '}
              <a
                href={space.googleMapsUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {t('admin.space.map')}
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">{t('a11y.newTab')}</span>
              </a>
            </>
          )}
        </Row>
        <Row icon={<Phone />} label={t('admin.space.contactPhone')}>
          <span dir="ltr">{space.contactPhone}</span>
        </Row>
        <Row icon={<Mail />} label={t('admin.space.contactEmail')}>
          <span dir="ltr" className="break-all">
            {space.contactEmail}
          </span>
        </Row>
      </dl>

      {space.amenities.length > 0 && (
        <ul aria-label={t('admin.space.amenities')} className="flex flex-wrap gap-2">
          {space.amenities.map((a) => (
            <li
              key={a}
              className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700"
            >
              {t(`amenities.${a}`)}
            </li>
          ))}
        </ul>
      )}

      <div className="rounded-2xl border border-sand-200 p-4 text-sm">
        <p className="font-semibold text-ink">{t('admin.space.host')}</p>
        <p className="mt-1 text-ink">
          <bdi>{space.host.name}</bdi>
        </p>
        <p className="text-muted">
          <span dir="ltr" className="break-all">
            {space.host.email}
          </span>
          {space.host.phone && (
            <>
              {' · '}
              <span dir="ltr">{localSaudiMobile(space.host.phone)}</span>
            </>
          )}
        </p>
      </div>
      <HostRecordPanel hostId={space.host.id} />

      {space.reviewNote && (
        <p className="rounded-2xl bg-red-50 p-4 text-sm text-red-800">
          <span className="font-semibold">{t('admin.space.reviewNote')}: </span>
          {space.reviewNote}
        </p>
      )}

      {space.revision && onApproveRevision && onRejectRevision && (
        <RevisionComparison
          space={space}
          revision={space.revision}
          name={name}
          busy={busy}
          onApprove={onApproveRevision}
          onReject={onRejectRevision}
        />
      )}

      {space.status === 'pending' && (
        <DecisionButtons
          acceptLabel={t('admin.actions.approve')}
          onAccept={onApprove}
          onReject={onReject}
          busy={busy}
        />
      )}
    </article>
  );
}
