import type { ReactNode } from 'react';
import type { AdminSpace } from '#shared/schemas/admin.ts';
import type { ContentTextField, HostSpaceImage } from '#shared/schemas/space-edit.ts';
import type { SpaceImage } from '#shared/schemas/spaces.ts';
import { formatNumber } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/space-image.ts';
import { formatInstant } from '../format-instant.ts';
import { ChangedMark } from './changed-mark.tsx';
import { DecisionButtons } from './decision-buttons.tsx';

type Revision = NonNullable<AdminSpace['revision']>;

/** Texts the host typed: their own direction, in the language they were written in. */
const TEXT_LANG: Partial<Record<ContentTextField, 'ar' | 'en'>> = {
  nameAr: 'ar',
  nameEn: 'en',
  descriptionAr: 'ar',
  descriptionEn: 'en',
};

function Photos({ images, name }: { images: (SpaceImage | HostSpaceImage)[]; name: string }) {
  const { t, i18n } = useTranslation();
  if (images.length === 0) return <p className="text-sm text-muted">{t('admin.space.noPhotos')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {images.map((image, index) => (
        <li key={image.variants[0]?.url ?? index} className="relative">
          <img
            src={image.variants[0]?.url}
            srcSet={imageSrcSet(image)}
            sizes="96px"
            width={96}
            height={Math.round((96 * image.height) / image.width)}
            alt={t('admin.space.photo', { n: formatNumber(index + 1, i18n.language), name })}
            loading="lazy"
            className="h-16 w-24 rounded-xl object-cover"
          />
          {index === 0 && <CoverBadge />}
        </li>
      ))}
    </ul>
  );
}

/** The mark on a listing's first photo, the cover renters see in search results. */
export function CoverBadge() {
  const { t } = useTranslation();
  return (
    <span className="absolute start-1 top-1 rounded-full bg-brand-700 px-2 text-xs font-bold text-white">
      {t('admin.space.cover')}
    </span>
  );
}

/**
 * A host's edit of a live listing, field by field: what renters see now beside what the host
 * proposes, with the decision buttons. User text keeps its own direction (`dir="auto"`).
 */
export function RevisionComparison({
  space,
  revision,
  name,
  busy,
  onApprove,
  onReject,
}: {
  space: AdminSpace;
  revision: Revision;
  name: string;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation();
  const value = (field: ContentTextField, raw: unknown): ReactNode => {
    if (raw === null || raw === undefined || raw === '')
      return <span className="text-muted">{t('admin.space.missing')}</span>;
    if (field === 'type') return t(`spaceTypes.${raw as 'event_hall'}`);
    if (field === 'city') return t(`cities.${raw as 'riyadh'}`);
    if (field === 'listingLanguage') return t(`admin.space.${raw as 'ar'}`);
    if (field === 'googleMapsUrl')
      return (
        <span dir="ltr" className="break-all">
          {String(raw)}
        </span>
      );
    return (
      <span dir="auto" lang={TEXT_LANG[field]} className="break-words whitespace-pre-line">
        {String(raw)}
      </span>
    );
  };
  const fields = Object.keys(revision.content) as ContentTextField[];
  const row = (key: string, label: string, before: ReactNode, after: ReactNode) => (
    <div key={key} className="flex flex-col gap-2 border-t border-sand-200 pt-3 first:border-t-0">
      <p className="text-sm font-semibold text-ink">{label}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-sand-100/60 p-3">
          <p className="mb-1 text-xs font-semibold text-muted">{t('admin.revision.before')}</p>
          <div className="text-sm text-ink" dir="auto">
            {before}
          </div>
        </div>
        <div className="rounded-xl border border-brand-100 bg-brand-50 p-3">
          <p className="mb-1 text-xs font-semibold text-brand-700">{t('admin.revision.after')}</p>
          <div className="text-sm text-ink" dir="auto">
            {after}
          </div>
        </div>
      </div>
    </div>
  );
  const titleId = `revision-${revision.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="revision-review"
      className="flex flex-col gap-4 rounded-2xl border-2 border-gold-400 p-4"
    >
      <div className="flex flex-col gap-1">
        <h4 id={titleId} className="font-bold text-ink">
          {t('admin.revision.title')}
        </h4>
        <p className="text-sm text-muted">
          {t('admin.revision.intro')} ·{' '}
          {t('admin.revision.sent', { date: formatInstant(revision.createdAt, i18n.language) })}
        </p>
        {revision.changedAt && <ChangedMark at={revision.changedAt} />}
      </div>
      <div className="flex flex-col gap-3">
        {fields.map((field) =>
          row(
            field,
            t(`admin.revision.field.${field}`),
            value(field, space[field]),
            value(field, revision.content[field]),
          ),
        )}
        {revision.images &&
          row(
            'images',
            t('admin.revision.field.imageIds'),
            <Photos images={space.images} name={name} />,
            <Photos images={revision.images} name={name} />,
          )}
      </div>
      <DecisionButtons
        acceptLabel={t('admin.revision.approve')}
        onAccept={onApprove}
        onReject={onReject}
        busy={busy}
      />
    </section>
  );
}
