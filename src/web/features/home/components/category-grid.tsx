import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { SPACE_TYPES } from '#shared/constants.ts';
import { exploreHref } from '#web/lib/paths.ts';
import { SpaceTypeIcon } from '#web/components/space-type-icon.tsx';

/** Every space type, each opening the explore page filtered to it. */
export function CategoryGrid() {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {SPACE_TYPES.map((type) => (
        <li key={type}>
          <Link
            to={exploreHref({ type })}
            className="group flex h-full items-center gap-3 rounded-2xl border border-sand-200 bg-white p-4 transition hover:-translate-y-0.5 hover:border-brand-500/40 hover:shadow-card focus-visible:outline-2 focus-visible:outline-brand-500 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white">
              <SpaceTypeIcon type={type} className="size-5" />
            </span>
            <span className="font-semibold text-ink">{t(`spaceTypes.${type}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
