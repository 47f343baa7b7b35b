import type { Amenity } from '#shared/constants.ts';
import { AmenityIcon } from '#web/components/amenity-icon.tsx';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * A space's amenities, each with its icon: read, never tapped, so it is a part the server's HTML
 * holds and React hydrates on its own once its code (the twelve icons) has come (decisions 075,
 * 079) — not before the page is interactive. `amenities` is the codes joined by spaces: a string
 * is the same prop on every render of the page, which the part's boundary needs.
 */
export function SpaceAmenities({ amenities }: { amenities: string }) {
  const { t } = useTranslation();
  const codes = amenities.split(' ').filter(Boolean) as Amenity[];
  if (codes.length === 0) return <p className="text-muted">{t('space.noAmenities')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {codes.map((code) => (
        <li key={code} className="flex items-center gap-2 text-ink">
          <AmenityIcon amenity={code} className="size-5 text-brand-700" />
          {t(`amenities.${code}`)}
        </li>
      ))}
    </ul>
  );
}
