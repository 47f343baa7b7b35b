import { ArrowLeft, ArrowRight, CircleCheck, KeyRound, Send } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import {
  BOOKING_SETTINGS_DEFAULTS,
  DEFAULT_CANCELLATION_POLICY,
  type Locale,
} from '#shared/constants.ts';
import {
  spaceFormSchema,
  toCreateSpaceRequest,
  type SpaceForm,
  type SpaceFormInput,
} from '#shared/schemas/space-form.ts';
import type { CreateSpaceRequestInput } from '#shared/schemas/space-request.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { priceRulesFormPath } from '#shared/schemas/price-rules-form.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { whenIdle } from '#web/lib/when-idle.ts';
import { createSpace } from '../api/create-space.ts';
import {
  clearListingDraft,
  readListingDraft,
  writeListingDraft,
  type DraftImage,
} from '../listing-draft.ts';
import { WizardProgress } from './wizard-progress.tsx';
import {
  REVIEW_STEP as REVIEW,
  stepOfField,
  stepTitle,
  WIZARD_STEPS,
} from './wizard-step-table.ts';
import { preloadImageUploader } from './steps/images-step.tsx';
import { preloadAmenityIcons, preloadPriceRules } from './steps/pricing-step.tsx';
import { POLICY_TEXT } from './steps/booking-settings.tsx';
import type { ListingForm } from './steps/wizard-step-props.ts';

/**
 * The review, after the last step, loads while the host fills in the steps (like the photos'
 * uploader), not with the wizard's routes: they stay inside their size budget
 * (tests/build/web-budget.test.ts).
 */
const loadReviewStep = () => import('./steps/review-step.tsx');
const ReviewStep = lazy(() => loadReviewStep().then((m) => ({ default: m.ReviewStep })));
const preloadReviewStep = () => void loadReviewStep();

const EMPTY: SpaceFormInput = {
  listingLanguage: 'ar',
  nameAr: '',
  nameEn: '',
  descriptionAr: '',
  descriptionEn: '',
  type: '' as SpaceFormInput['type'],
  address: '',
  city: '' as SpaceFormInput['city'],
  country: 'SA',
  googleMapsUrl: '',
  priceSar: '',
  capacity: '',
  amenities: [],
  contactPhone: '',
  contactEmail: '',
  imageIds: [],
  availableDays: [],
  opensAt: '',
  closesAt: '',
  bufferMinutes: String(BOOKING_SETTINGS_DEFAULTS.bufferMinutes),
  minNoticeHours: String(BOOKING_SETTINGS_DEFAULTS.minNoticeHours),
  horizonDays: String(BOOKING_SETTINGS_DEFAULTS.horizonDays),
  minBookingMinutes: String(BOOKING_SETTINGS_DEFAULTS.minBookingMinutes),
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
  priceRules: { bands: [], dayRateHours: '', dayRateSar: '', minHours: {}, addOns: [] },
};

interface ListingWizardProps {
  signedIn: boolean;
  /** /auth with the prompt and the way back here */
  signInHref: string;
  /** translation is configured (GET /api/config) */
  translationOn: boolean;
  /** the signed-in user's email, to prefill the contact email */
  userEmail?: string;
  /** edit mode (the edit page): no local draft; what to start from, how to save, what to say */
  editing?: WizardEditMode;
}

/**
 * The wizard editing a listing: the page gives the values to start from, saves the request
 * (PATCH), and says what the edit does before (`notice`) and after (`renderSaved`).
 */
export interface WizardEditMode {
  values: SpaceFormInput;
  images: DraftImage[];
  notice: ReactNode;
  labels: { save: string; saving: string; saved: string; failed: string };
  save: (request: CreateSpaceRequestInput) => Promise<void>;
  renderSaved: (editAgain: (values: SpaceFormInput, images: DraftImage[]) => void) => ReactNode;
}

/**
 * The list-your-space wizard (docs/product-spec.md §2): five steps and a review, each step checked
 * with its part of the shared schema before moving on, the whole draft kept in localStorage.
 */
export function ListingWizard({
  signedIn,
  signInHref,
  translationOn,
  userEmail,
  editing,
}: ListingWizardProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [draft] = useState(() =>
    editing ? { step: 0, values: editing.values, images: editing.images } : readListingDraft(),
  );
  const [step, setStep] = useState(() => Math.min(Math.max(draft?.step ?? 0, 0), REVIEW));
  const [images, setImages] = useState<DraftImage[]>(draft?.images ?? []);
  const [submitted, setSubmitted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step validates with its own part of the schema; the review with all of it. The resolver's
  // code (zod's errors → the form's) is fetched as the wizard mounts, not with the
  // wizard's routes (their size budget, tests/build/web-budget.test.ts).
  const stepRef = useRef(step);
  const [resolver, preloadResolver] = useMemo(() => {
    const resolvers = [...WIZARD_STEPS.map((s) => s.schema), spaceFormSchema].map((schema) =>
      lazyZodResolver<SpaceFormInput, SpaceForm>(() =>
        Promise.resolve(schema as typeof spaceFormSchema),
      ),
    );
    const resolve: Resolver<SpaceFormInput, unknown, SpaceForm> = (values, context, options) =>
      resolvers[stepRef.current]!.resolve(values, context, options);
    return [resolve, resolvers[0]!.preload] as const;
  }, []);

  const form: ListingForm = useForm<SpaceFormInput, unknown, SpaceForm>({
    resolver,
    defaultValues: {
      ...EMPTY,
      contactEmail: userEmail ?? '',
      ...draft?.values,
      imageIds: (draft?.images ?? []).map((image) => image.id),
    },
    mode: 'onTouched',
  });

  // The draft follows every change.
  const watched = useWatch({ control: form.control });
  useEffect(() => {
    if (!submitted && !editing)
      writeListingDraft({ step, values: watched as SpaceFormInput, images });
  }, [watched, step, images, submitted, editing]);

  // A field shown wrong is checked again as soon as it changes (not only on its next blur).
  useEffect(() => {
    const wrong = Object.keys(form.formState.errors) as (keyof SpaceFormInput)[];
    if (wrong.length > 0) void form.trigger(wrong);
  }, [form, watched]);

  // The form's image ids follow the uploader's list (order = display order, first = cover).
  useEffect(() => {
    const ids = images.map((image) => image.id);
    const current = form.getValues('imageIds') ?? [];
    if (ids.join() === current.join()) return;
    form.setValue('imageIds', ids, {
      shouldDirty: true,
      shouldValidate: form.getFieldState('imageIds').invalid,
    });
  }, [form, images]);

  // The photos step's uploader arrives while the host fills in the first steps.
  useEffect(() => (signedIn ? whenIdle(preloadImageUploader) : undefined), [signedIn]);
  // And the amenities' icons, for the pricing step.
  useEffect(() => whenIdle(preloadAmenityIcons), []);
  useEffect(() => whenIdle(preloadPriceRules), []);
  useEffect(() => whenIdle(preloadReviewStep), []);
  // The resolver's code at once: the first blur or "Next" checks with it.
  useEffect(preloadResolver, [preloadResolver]);

  // A new step: to the top, and the focus on its title (screen readers hear where they are).
  useEffect(() => {
    stepRef.current = step;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [step]);

  const next = async () => {
    if (await form.trigger()) setStep((s) => Math.min(s + 1, REVIEW));
  };
  const back = () => {
    form.clearErrors();
    setStep((s) => Math.max(s - 1, 0));
  };
  const goTo = (target: number) => {
    form.clearErrors();
    setStep(target);
  };

  const submitListing = async (values: SpaceForm) => {
    try {
      if (editing) {
        await editing.save(toCreateSpaceRequest(values));
        toast({ title: editing.labels.saved });
      } else {
        await createSpace(toCreateSpaceRequest(values));
        clearListingDraft();
        toast({ title: t('listSpace.submit.success') });
      }
      setSubmitted(true);
      window.scrollTo({ top: 0 });
    } catch (error) {
      let firstStep: number | null = null;
      if (error instanceof ApiRequestError && error.code === 'VALIDATION_ERROR') {
        for (const [path, message] of Object.entries(error.fields)) {
          const field = path.split('.')[0]!;
          const name = (field === 'priceHalalas' ? 'priceSar' : field) as keyof SpaceFormInput;
          if (field === 'priceRules') {
            // The rules' fault on the input that holds it (bands.0.priceHalalasPerHour → rateSar).
            const at = priceRulesFormPath(path.slice('priceRules.'.length));
            form.setError(`priceRules.${at}` as keyof SpaceFormInput, { message });
          } else if (name in EMPTY) form.setError(name, { message });
          // A server error on a field sends the host back to the step that holds it.
          const at = stepOfField(name);
          if (at !== undefined) firstStep = Math.min(firstStep ?? at, at);
        }
      }
      toast({
        variant: 'destructive',
        title: editing ? editing.labels.failed : t('listSpace.submit.failed'),
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
      // The server's messages stay on the fields; the host lands on the first step with one.
      if (firstStep !== null) setStep(firstStep);
    }
  };
  const showFirstInvalidStep = (errors: Record<string, unknown>) => {
    const steps = Object.keys(errors)
      .map((field) => stepOfField(field))
      .filter((s): s is number => s !== undefined);
    if (steps.length > 0) setStep(Math.min(...steps));
  };

  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  const Forward = i18n.dir() === 'rtl' ? ArrowLeft : ArrowRight;

  if (submitted && editing) {
    return editing.renderSaved((values, nextImages) => {
      form.reset(values);
      setImages(nextImages);
      setStep(0);
      setSubmitted(false);
    });
  }

  if (submitted) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-4 rounded-3xl border border-sand-200 bg-white p-8 text-center shadow-card sm:p-12"
      >
        <CircleCheck aria-hidden className="size-14 text-brand-700" />
        <h2 className="text-2xl font-bold text-ink">{t('listSpace.submit.success')}</h2>
        <p className="max-w-xl leading-relaxed text-muted">{t('listSpace.submit.successText')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonVariants({ variant: 'primary' })}>
            {t('listSpace.submit.home')}
          </Link>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              form.reset({ ...EMPTY, contactEmail: userEmail ?? '' });
              setImages([]);
              setStep(0);
              setSubmitted(false);
            }}
          >
            {t('listSpace.submit.another')}
          </Button>
        </div>
      </div>
    );
  }

  const values = form.getValues();
  const current = WIZARD_STEPS[step];

  return (
    <div className="flex flex-col gap-6">
      {editing?.notice}
      <WizardProgress step={step} />
      <form
        noValidate
        aria-labelledby="wizard-step-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (step < REVIEW) void next();
          else void form.handleSubmit(submitListing, showFirstInvalidStep)(event);
        }}
        className="flex flex-col gap-6 rounded-3xl border border-sand-200 bg-white p-5 shadow-card sm:p-8"
      >
        <h2
          id="wizard-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold text-ink outline-none"
        >
          {t(stepTitle(step))}
        </h2>

        {current ? (
          <current.Component
            key={current.id}
            form={form}
            signedIn={signedIn}
            translationOn={translationOn}
            signInHref={signInHref}
            images={images}
            onImagesChange={setImages}
          />
        ) : (
          <Suspense fallback={<div aria-hidden className="min-h-64" />}>
            <ReviewStep
              values={values}
              images={images}
              locale={locale}
              onEdit={goTo}
              steps={WIZARD_STEPS}
              policyText={POLICY_TEXT}
            />
          </Suspense>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-sand-200 pt-5">
          {step > 0 ? (
            <Button type="button" variant="outline" onClick={back}>
              <Back aria-hidden />
              {t('listSpace.nav.back')}
            </Button>
          ) : (
            <span />
          )}
          {current ? (
            <Button type="submit" disabled={current.needsAccount && !signedIn}>
              {t('listSpace.nav.next')}
              <Forward aria-hidden />
            </Button>
          ) : signedIn ? (
            <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
              <Send aria-hidden className="rtl:-scale-x-100" />
              {editing
                ? form.formState.isSubmitting
                  ? editing.labels.saving
                  : editing.labels.save
                : form.formState.isSubmitting
                  ? t('listSpace.submit.sending')
                  : t('listSpace.submit.button')}
            </Button>
          ) : (
            <Link to={signInHref} className={buttonVariants({ size: 'lg' })}>
              <KeyRound aria-hidden />
              {t('auth.prompt.list')}
            </Link>
          )}
        </div>
      </form>
    </div>
  );
}
