import { Navigate, useParams } from 'react-router';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { ConversationView } from '#web/features/messages/components/conversation-view.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';

/** /messages/:conversationId: one conversation, live (issue 34). */
export default function ConversationPage() {
  const { t } = useTranslation();
  usePageMeta(t('messages.title'));
  const { conversationId = '' } = useParams();
  const { user, loading } = useAuth();
  if (loading) return <PageLoading />;
  if (!user)
    return (
      <Navigate
        to={`${paths.auth}?redirect=${encodeURIComponent(paths.conversation(conversationId))}`}
        replace
      />
    );
  return <ConversationView id={conversationId} viewerId={user.id} />;
}
