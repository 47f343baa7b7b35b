import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useBookingTerms } from '../../features/booking/api/get-booking-terms.ts';
import { BookingPanel } from '../../features/booking/components/booking-panel.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

// The details (gallery, amenities, map) arrive with the discovery issue; until then this page
// shows the space's name and its booking form, which that page will take over.
export default function SpacePage() {
  const { t, i18n } = useTranslation();
  const { spaceId = '' } = useParams();
  const terms = useBookingTerms(spaceId);
  const name =
    terms.status === 'ready'
      ? ((i18n.language === 'ar'
          ? terms.data.nameAr || terms.data.nameEn
          : terms.data.nameEn || terms.data.nameAr) ?? '')
      : '';
  usePageMeta(name || t('space.title'));

  if (terms.status === 'loading') return <PageLoading />;
  if (terms.status === 'error') {
    const missing = terms.error instanceof ApiRequestError && terms.error.status === 404;
    return (
      <PageHeader
        title={t('space.title')}
        intro={missing ? t('space.notFound') : t('space.loadFailed')}
      />
    );
  }
  return (
    <>
      <PageHeader title={name} />
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
        <div className="mx-auto w-full max-w-md lg:ms-auto lg:me-0">
          <BookingPanel space={terms.data} />
        </div>
      </div>
    </>
  );
}
