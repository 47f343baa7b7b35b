import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

// The review desk arrives with the admin issue; accounts bring its guard.
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  usePageMeta(t('admin.title'));
  return <PageHeader title={t('admin.title')} />;
}
