import { ArrowLeft, ArrowRight, BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { displayName } from '#shared/domain/display-name.ts';
import { LanguageToggle } from '#web/app/layouts/language-toggle.tsx';
import { Logo } from '#web/app/layouts/logo.tsx';
import { paths } from '#web/lib/paths.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { usePublicConfig } from '#web/features/config/api/get-public-config.ts';
import { startGoogleSignIn } from '#web/features/account/api/auth-requests.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { SignInForm } from '#web/features/account/components/sign-in-form.tsx';
import { SignUpForm } from '#web/features/account/components/sign-up-form.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

/** Only paths inside the app: `?redirect=` never sends anyone elsewhere. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/auth')
    ? value
    : paths.home;
}

/**
 * Standalone (docs/product-spec.md §2): sign in by email and password, phone code or Google; or
 * sign up.
 */
export default function AuthPage() {
  const { t, i18n } = useTranslation();
  usePageMeta(t('auth.title'), t('auth.meta.description'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, refresh } = useAuth();
  const config = usePublicConfig();
  const [tab, setTab] = useState<'sign-in' | 'sign-up'>(
    params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in',
  );
  const redirect = safeRedirect(params.get('redirect'));
  const prompt = params.get('prompt');
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;

  const signedIn = async () => {
    await refresh();
    await navigate(redirect, { replace: true });
  };

  return (
    <main className="flex min-h-dvh flex-col bg-sand-50">
      <div className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-5 sm:px-6">
        <Logo />
        <LanguageToggle variant="icon" />
      </div>
      <div className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-md rounded-3xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
          <h1 className="mb-2 text-2xl font-bold text-ink">{t('auth.title')}</h1>
          {prompt === 'book' && (
            <p className="mb-4 rounded-xl bg-gold-400/25 p-3 text-sm font-semibold text-brand-900">
              {t('auth.prompt.book')}
            </p>
          )}
          {prompt === 'list' && (
            <p className="mb-4 rounded-xl bg-gold-400/25 p-3 text-sm font-semibold text-brand-900">
              {t('auth.prompt.list')}
            </p>
          )}
          {params.get('activated') && (
            <p
              role="status"
              className="mb-4 flex items-center gap-2 rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-700"
            >
              <BadgeCheck aria-hidden className="size-5" />
              {t('auth.activated')}
            </p>
          )}
          {params.get('error') === 'google' && (
            <p
              role="alert"
              className="mb-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              {t('auth.googleFailed')}
            </p>
          )}

          {user ? (
            <div className="flex flex-col gap-4">
              <p className="text-muted">{t('auth.signedInAs', { name: displayName(user) })}</p>
              <Link to={redirect} className={buttonVariants({ size: 'lg' })}>
                {t('auth.continue')}
              </Link>
            </div>
          ) : (
            <>
              <div
                className="mb-6 flex gap-1 border-b border-sand-200"
                role="tablist"
                aria-label={t('auth.title')}
              >
                {(['sign-in', 'sign-up'] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="tab"
                    id={`tab-${value}`}
                    aria-selected={tab === value}
                    aria-controls={`panel-${value}`}
                    onClick={() => setTab(value)}
                    className={
                      tab === value
                        ? '-mb-px border-b-2 border-brand-700 px-4 py-2.5 font-semibold text-brand-700'
                        : 'px-4 py-2.5 font-semibold text-muted hover:text-ink'
                    }
                  >
                    {value === 'sign-in' ? t('auth.signIn.title') : t('auth.signUp.title')}
                  </button>
                ))}
              </div>
              <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
                {tab === 'sign-in' ? <SignInForm onSignedIn={signedIn} /> : <SignUpForm />}
              </div>
              {config?.googleSignIn && (
                <div className="mt-6 flex flex-col gap-3">
                  <div className="flex items-center gap-3 text-sm text-muted">
                    <span className="h-px flex-1 bg-sand-200" />
                    {t('auth.or')}
                    <span className="h-px flex-1 bg-sand-200" />
                  </div>
                  <Button
                    variant="outline"
                    size="lg"
                    onClick={async () => {
                      try {
                        const { url } = await startGoogleSignIn(redirect);
                        window.location.assign(url);
                      } catch (error) {
                        console.error('Google sign-in failed to start', error);
                      }
                    }}
                  >
                    <svg aria-hidden viewBox="0 0 24 24" className="size-5">
                      <path
                        fill="#EA4335"
                        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.2.8 3.9 1.5l2.7-2.6C16.9 3.1 14.7 2 12 2 6.5 2 2 6.5 2 12s4.5 10 10 10c5.8 0 9.6-4.1 9.6-9.8 0-.7-.1-1.2-.2-1.7H12z"
                      />
                    </svg>
                    {t('auth.google')}
                  </Button>
                </div>
              )}
            </>
          )}
          <Link
            to={paths.home}
            className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <Back aria-hidden className="size-4" />
            {t('notFound.home')}
          </Link>
        </div>
      </div>
    </main>
  );
}
