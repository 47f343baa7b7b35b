import { MessageSquareText, PencilLine } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { isReviewEditable, REVIEW_TEXT_MAX } from '#shared/domain/reviews.ts';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import { formatDate, formatNumber } from '#shared/format.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { reviewInputSchema, type MyReview } from '#shared/schemas/reviews.ts';
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
import { saveReview } from '../api/save-review.ts';
import { Stars, StarsInput } from './stars.tsx';

/**
 * Under a completed booking in "My bookings": the renter's review (stars, text, the host's reply)
 * and the button that writes it, or edits it while the edit window is open. The form checks with
 * the server's schema; the server decides (a closed window or a hidden review answer 409).
 */
export function ReviewAction({
  booking,
  spaceName,
  openNow,
  onSaved,
}: {
  booking: MyBooking;
  spaceName: string;
  /** open the form at once (the invitation email's link names this booking) */
  openNow?: boolean;
  onSaved: (review: MyReview) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const review = booking.review;
  const editable =
    review !== null && !review.hidden && isReviewEditable(new Date(review.createdAt), new Date());
  // The invitation's link opens the form at once (it mounts once the bookings have loaded).
  const [open, setOpen] = useState(
    () => Boolean(openNow) && booking.status === 'completed' && (review === null || editable),
  );
  if (booking.status !== 'completed') return null;

  return (
    <div className="flex flex-col gap-2 border-t border-sand-200 pt-3">
      {review && (
        <div className="flex flex-col gap-1">
          <p className="flex items-center gap-2 text-sm font-semibold text-ink">
            {t('reviews.mine.title')}
            <Stars value={review.stars} className="text-base" />
          </p>
          {review.body && (
            <p dir="auto" className="text-sm whitespace-pre-line text-ink">
              {review.body}
            </p>
          )}
          {review.hidden && (
            <p className="text-sm font-semibold text-red-800">{t('reviews.mine.hidden')}</p>
          )}
          {editable && (
            <p className="text-xs text-muted">
              {t('reviews.form.editableUntil', {
                date: formatDate(
                  riyadhClock(new Date(review.editableUntil)).date,
                  locale,
                  'medium',
                ),
              })}
            </p>
          )}
        </div>
      )}
      {(review === null || editable) && (
        <Button
          variant={review ? 'outline' : 'primary'}
          size="sm"
          className="self-start"
          onClick={() => setOpen(true)}
        >
          {review ? <PencilLine aria-hidden /> : <MessageSquareText aria-hidden />}
          {review ? t('reviews.action.edit') : t('reviews.action.write')}
        </Button>
      )}
      <ReviewDialog
        open={open}
        onOpenChange={setOpen}
        booking={booking}
        spaceName={spaceName}
        onSaved={(saved) => {
          onSaved(saved);
          setOpen(false);
        }}
      />
    </div>
  );
}

function ReviewDialog({
  open,
  onOpenChange,
  booking,
  spaceName,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: MyBooking;
  spaceName: string;
  onSaved: (review: MyReview) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const fieldError = useFieldError();
  const starsLabel = useId();
  const edit = booking.review !== null;
  const [stars, setStars] = useState<number | null>(booking.review?.stars ?? null);
  const [body, setBody] = useState(booking.review?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ stars: stars ?? undefined, body });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveReview(
        booking.id,
        { stars: parsed.data.stars, body: parsed.data.body },
        edit,
      );
      toast({ title: edit ? t('reviews.form.edited') : t('reviews.form.saved') });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else {
        toast({
          variant: 'destructive',
          title: t('reviews.form.failed'),
          description:
            error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t('booking.confirm.close')}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <DialogHeader>
            <DialogTitle>
              {edit ? t('reviews.form.titleEdit') : t('reviews.form.titleNew')}
            </DialogTitle>
            <DialogDescription>
              {t('reviews.form.intro', {
                space: spaceName,
                date: formatDate(booking.date, locale),
              })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <p id={starsLabel} className="text-sm font-semibold text-ink">
              {t('reviews.form.stars')}
            </p>
            <StarsInput
              name={`stars-${booking.id}`}
              value={stars}
              onChange={setStars}
              labelledBy={starsLabel}
              invalid={Boolean(errors.stars)}
            />
            {errors.stars && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {fieldError(errors.stars)}
              </p>
            )}
          </div>
          <Field
            label={t('reviews.form.body')}
            hint={`${t('reviews.form.bodyHint')} ${t('reviews.form.counter', {
              used: formatNumber(body.length, locale),
              max: formatNumber(REVIEW_TEXT_MAX, locale),
            })}`}
            error={fieldError(errors.body)}
          >
            {(control) => (
              <Textarea
                {...control}
                dir="auto"
                value={body}
                maxLength={REVIEW_TEXT_MAX + 100}
                onChange={(e) => setBody(e.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {t('reviews.form.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {edit ? t('reviews.form.save') : t('reviews.form.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
