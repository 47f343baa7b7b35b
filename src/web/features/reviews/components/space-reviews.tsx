import { EyeOff, MessageCircleReply, RefreshCw, Star } from 'lucide-react';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { formerPersonName, isFormerPerson } from '#shared/domain/former-person.ts';
import { REVIEW_TEXT_MAX } from '#shared/domain/reviews.ts';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import { formatDate, formatNumber } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import {
  hideReviewSchema,
  hostReplySchema,
  type PublicReview,
  type SpaceReviews as SpaceReviewsData,
} from '#shared/schemas/reviews.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field, Textarea } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getSpaceReviews } from '../api/get-space-reviews.ts';
import { hideReview } from '../api/hide-review.ts';
import { replyToReview } from '../api/reply-to-review.ts';
import { Stars } from './stars.tsx';

type State = { status: 'error' } | { status: 'ready'; data: SpaceReviewsData; more: boolean };

const dayOf = (iso: string, locale: 'ar' | 'en') =>
  formatDate(riyadhClock(new Date(iso)).date, locale, 'medium');

/**
 * The space page's reviews: the average and the count, then the reviews newest first, more on
 * request. The host of the space may reply once to each; an admin may hide one with a reason.
 * What the viewer may do comes from the server's answer (`viewer`), which also enforces it.
 * `first` is the first page, read by the page's loader (so it is in the server's HTML, decision
 * 075), or null when it could not be read.
 */
export function SpaceReviews({
  spaceId,
  first,
}: {
  spaceId: string;
  first: SpaceReviewsData | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [state, setState] = useState<State>(() =>
    first ? { status: 'ready', data: first, more: false } : { status: 'error' },
  );
  const [hiding, setHiding] = useState<PublicReview | null>(null);

  /** Again from the first page: a retry, or after a review was hidden (the average changed). */
  const load = useCallback(() => {
    getSpaceReviews(spaceId, null).then(
      (data) => setState({ status: 'ready', data, more: false }),
      () => setState({ status: 'error' }),
    );
  }, [spaceId]);

  const loadMore = async () => {
    if (state.status !== 'ready' || !state.data.nextCursor) return;
    setState({ ...state, more: true });
    try {
      const next = await getSpaceReviews(spaceId, state.data.nextCursor);
      setState({
        status: 'ready',
        more: false,
        data: { ...next, items: [...state.data.items, ...next.items] },
      });
    } catch {
      setState({ ...state, more: false });
      toast({ variant: 'destructive', title: t('space.reviews.loadError') });
    }
  };

  const replace = (review: PublicReview) =>
    setState((s) =>
      s.status === 'ready'
        ? {
            ...s,
            data: {
              ...s.data,
              items: s.data.items.map((r) => (r.id === review.id ? { ...r, ...review } : r)),
            },
          }
        : s,
    );

  return (
    <section
      aria-labelledby="space-reviews-title"
      data-testid="space-reviews"
      className="below-fold mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 pb-12 sm:px-6"
    >
      <h2 id="space-reviews-title" className="text-2xl font-bold text-ink">
        {t('space.reviews.title')}
      </h2>
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('space.reviews.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => load()}>
            <RefreshCw aria-hidden />
            {t('space.reviews.retry')}
          </Button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <div
            data-testid="rating-summary"
            className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-3xl border border-sand-200 bg-white p-5"
          >
            {state.data.rating.average !== null ? (
              <>
                <p
                  className="flex items-center gap-2 text-4xl font-bold text-ink"
                  aria-label={t('space.reviews.average', {
                    average: formatNumber(state.data.rating.average, locale),
                  })}
                >
                  <Star aria-hidden className="size-8 text-gold-500" fill="currentColor" />
                  <span data-testid="rating-average">
                    {formatNumber(state.data.rating.average, locale)}
                  </span>
                </p>
                <div className="flex flex-col gap-1">
                  <Stars value={state.data.rating.average} className="text-lg" />
                  <p data-testid="rating-count" className="text-sm text-muted">
                    {formatCount(state.data.rating.count, 'reviews', locale)}
                  </p>
                </div>
              </>
            ) : (
              <p className="text-muted">{t('space.reviews.empty')}</p>
            )}
          </div>
          {state.data.items.length > 0 && (
            <ol className="flex flex-col divide-y divide-sand-200 rounded-3xl border border-sand-200 bg-white">
              {state.data.items.map((review) => (
                <ReviewItem
                  key={review.id}
                  review={review}
                  canReply={state.data.viewer.canReply}
                  canHide={state.data.viewer.canHide}
                  onReplied={replace}
                  onHide={() => setHiding(review)}
                  dayOf={(iso) => dayOf(iso, locale)}
                />
              ))}
            </ol>
          )}
          {state.data.nextCursor && (
            <Button
              variant="outline"
              className="self-center"
              disabled={state.more}
              onClick={() => void loadMore()}
            >
              {t('space.reviews.more')}
            </Button>
          )}
        </>
      )}
      <HideDialog
        // A new review to hide starts with an empty reason.
        key={hiding?.id ?? 'none'}
        review={hiding}
        onClose={() => setHiding(null)}
        onHidden={() => {
          setHiding(null);
          // The average and the count changed: read them again.
          load();
        }}
      />
    </section>
  );
}

function ReviewItem({
  review,
  canReply,
  canHide,
  onReplied,
  onHide,
  dayOf,
}: {
  review: PublicReview;
  canReply: boolean;
  canHide: boolean;
  onReplied: (review: PublicReview) => void;
  onHide: () => void;
  dayOf: (iso: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  return (
    <li data-testid="review" className="flex flex-col gap-2 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-bold text-ink">
            {isFormerPerson(review.authorName)
              ? formerPersonName(i18n.language)
              : review.authorName}
          </span>
          <Stars value={review.stars} className="text-base" />
        </p>
        <p className="text-sm text-muted">
          <time dateTime={review.createdAt}>{dayOf(review.createdAt)}</time>
          {review.editedAt && <span> {t('space.reviews.edited')}</span>}
        </p>
      </div>
      {review.body && (
        <p dir="auto" className="max-w-3xl whitespace-pre-line text-ink">
          {review.body}
        </p>
      )}
      {review.hostReply && (
        <div
          data-testid="host-reply"
          className="ms-4 flex max-w-3xl flex-col gap-1 border-s-4 border-brand-100 ps-4"
        >
          <p className="text-sm font-bold text-brand-700">
            {t('space.reviews.hostReply')} ·{' '}
            <time className="font-normal text-muted" dateTime={review.hostReply.createdAt}>
              {dayOf(review.hostReply.createdAt)}
            </time>
          </p>
          <p dir="auto" className="whitespace-pre-line text-ink">
            {review.hostReply.body}
          </p>
        </div>
      )}
      {(canHide || (canReply && !review.hostReply && !replying)) && (
        <div className="flex flex-wrap gap-2">
          {canReply && !review.hostReply && !replying && (
            <Button variant="outline" size="sm" onClick={() => setReplying(true)}>
              <MessageCircleReply aria-hidden />
              {t('space.reviews.reply')}
            </Button>
          )}
          {canHide && (
            <Button variant="ghost" size="sm" onClick={onHide}>
              <EyeOff aria-hidden />
              {t('space.reviews.hide')}
            </Button>
          )}
        </div>
      )}
      {replying && (
        <ReplyForm
          reviewId={review.id}
          onCancel={() => setReplying(false)}
          onReplied={(answer) => {
            setReplying(false);
            onReplied(answer);
          }}
        />
      )}
    </li>
  );
}

function ReplyForm({
  reviewId,
  onCancel,
  onReplied,
}: {
  reviewId: string;
  onCancel: () => void;
  onReplied: (review: PublicReview) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = hostReplySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      onReplied(await replyToReview(reviewId, parsed.data.body));
      toast({ title: t('space.reviews.replied') });
    } catch (e) {
      toast({
        variant: 'destructive',
        title: t('space.reviews.replyFailed'),
        description: e instanceof ApiRequestError ? e.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field label={t('space.reviews.replyLabel')} error={fieldError(error)}>
        {(control) => (
          <Textarea
            {...control}
            dir="auto"
            className="min-h-24"
            value={body}
            maxLength={REVIEW_TEXT_MAX + 100}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {t('space.reviews.replySend')}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onCancel}>
          {t('reviews.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

function HideDialog({
  review,
  onClose,
  onHidden,
}: {
  review: PublicReview | null;
  onClose: () => void;
  onHidden: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!review) return;
    const parsed = hideReviewSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await hideReview(review.id, parsed.data.reason);
      toast({ title: t('space.reviews.hidden') });
      onHidden();
    } catch (e) {
      toast({
        variant: 'destructive',
        title: t('space.reviews.hideFailed'),
        description: e instanceof ApiRequestError ? e.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={review !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent closeLabel={t('booking.confirm.close')}>
        <DialogHeader>
          <DialogTitle>{t('space.reviews.hideTitle')}</DialogTitle>
          <DialogDescription>{t('space.reviews.hideText')}</DialogDescription>
        </DialogHeader>
        {review?.body && (
          <blockquote dir="auto" className="rounded-xl bg-sand-100 p-3 text-sm text-ink">
            {review.body}
          </blockquote>
        )}
        <form id={formId} onSubmit={submit} noValidate>
          <Field label={t('space.reviews.hideReason')} error={fieldError(error)}>
            {(control) => (
              <Textarea
                {...control}
                dir="auto"
                className="min-h-24"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              {t('space.reviews.keep')}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={busy}>
            {t('space.reviews.hideConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
