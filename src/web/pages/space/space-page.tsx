import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

// The details (gallery, amenities, map, booking form) arrive with the discovery issue.
export default function SpacePage() {
  const { t } = useTranslation();
  usePageMeta(t('space.title'));
  return <PageHeader title={t('space.title')} />;
}
