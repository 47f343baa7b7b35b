import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { Logo } from '../../app/layouts/logo.tsx';
import { paths } from '../../app/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

/** Standalone: no shared header or footer (spec §2). The forms arrive with the accounts issue. */
export default function AuthPage() {
  const { t } = useTranslation();
  usePageMeta(t('auth.title'));
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-sand-50 px-6 py-12">
      <Logo />
      <div className="w-full max-w-md rounded-3xl border border-sand-200 bg-white p-8 text-center shadow-card">
        <h1 className="text-2xl font-bold text-ink">{t('auth.title')}</h1>
      </div>
      <Link
        to={paths.home}
        className="font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {t('notFound.home')}
      </Link>
    </main>
  );
}
