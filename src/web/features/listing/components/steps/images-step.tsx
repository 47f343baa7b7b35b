import { KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import type { WizardStepProps } from './wizard-step-props.ts';

/**
 * The uploader (file checks, progress, previews) is needed from the photos step on: it loads then,
 * or earlier once the browser is idle (the wizard calls preloadImageUploader), not before the
 * wizard's first step can be used.
 */
const loadImageUploader = () => import('../image-uploader.tsx');
const ImageUploader = lazy(() => loadImageUploader().then((m) => ({ default: m.ImageUploader })));
export const preloadImageUploader = () => void loadImageUploader();

/** Step 4, the photos: uploads need an account, so a visitor is asked to sign in first. */
export function ImagesStep({
  form,
  signedIn,
  signInHref,
  images,
  onImagesChange,
}: WizardStepProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  if (!signedIn) return <SignInPrompt href={signInHref} />;
  const imageError = fieldError(form.formState.errors.imageIds?.message);
  return (
    <>
      <p id="images-hint" className="text-muted">
        {t('listSpace.images.intro')}
      </p>
      <Suspense fallback={<PageLoading />}>
        <ImageUploader
          images={images}
          onChange={onImagesChange}
          error={imageError}
          describedBy={imageError ? 'images-hint images-error' : 'images-hint'}
        />
      </Suspense>
      {imageError && (
        <p id="images-error" role="alert" className="text-sm font-medium text-red-700">
          {imageError}
        </p>
      )}
    </>
  );
}

function SignInPrompt({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl bg-gold-400/20 p-5">
      <p className="font-semibold text-brand-900">{t('listSpace.signIn.images')}</p>
      <Link to={href} className={buttonVariants({})}>
        <KeyRound aria-hidden />
        {t('auth.prompt.list')}
      </Link>
    </div>
  );
}
