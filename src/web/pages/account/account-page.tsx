import { Mail, Phone, UserRound } from 'lucide-react';
import { Navigate } from 'react-router';
import { displayName } from '#shared/domain/display-name.ts';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { MyBookings } from '../../features/bookings/components/my-bookings.tsx';
import { MySpaces } from '../../features/spaces/components/my-spaces.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

/** The signed-in user's page: their details, their booking requests and their listings. */
export default function AccountPage() {
  const { t } = useTranslation();
  usePageMeta(t('account.title'));
  const { user, loading } = useAuth();
  if (!user && loading) return <PageLoading />;
  if (!user)
    return <Navigate to={`${paths.auth}?redirect=${encodeURIComponent(paths.account)}`} replace />;
  return (
    <>
      <PageHeader
        title={t('account.title')}
        intro={t('nav.greeting', { name: displayName(user) })}
      />
      <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        <dl className="grid gap-3 rounded-3xl border border-sand-200 bg-white p-6">
          <div className="flex items-center gap-3">
            <UserRound aria-hidden className="size-5 text-brand-700" />
            <dt className="sr-only">{t('auth.fields.fullName')}</dt>
            <dd className="font-semibold text-ink">{displayName(user)}</dd>
          </div>
          <div className="flex items-center gap-3">
            <Mail aria-hidden className="size-5 text-brand-700" />
            <dt className="sr-only">{t('auth.fields.email')}</dt>
            <dd dir="ltr">{user.email}</dd>
          </div>
          {user.phone && (
            <div className="flex items-center gap-3">
              <Phone aria-hidden className="size-5 text-brand-700" />
              <dt className="sr-only">{t('auth.fields.phone')}</dt>
              <dd dir="ltr">{localSaudiMobile(user.phone)}</dd>
            </div>
          )}
        </dl>
        <div className="mt-10 flex flex-col gap-10">
          <MyBookings />
          <MySpaces />
        </div>
      </section>
    </>
  );
}
