import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { HeroSearch } from '../../features/home/components/hero-search.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

// The results, filters and cards arrive with the discovery issue; the search already works.
export default function ExploreSpacesPage() {
  const { t } = useTranslation();
  usePageMeta(t('explore.title'), t('explore.meta.description'));
  return (
    <PageHeader title={t('explore.title')} intro={t('explore.meta.description')}>
      <div className="mt-4 max-w-5xl">
        <HeroSearch />
      </div>
    </PageHeader>
  );
}
