import { Navigate } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { Inbox } from '#web/features/messages/components/inbox.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';

/** /messages: the signed-in person's conversations, newest first (issue 34). */
export default function MessagesPage() {
  const { t } = useTranslation();
  usePageMeta(t('messages.title'));
  const { user, loading } = useAuth();
  if (loading) return <PageLoading />;
  if (!user)
    return <Navigate to={`${paths.auth}?redirect=${encodeURIComponent(paths.messages)}`} replace />;
  return (
    <>
      <PageHeader title={t('messages.title')} intro={t('messages.intro')} />
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <Inbox />
      </div>
    </>
  );
}
