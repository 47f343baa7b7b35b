import { CalendarX2, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { formatTimeOfDay, SLOT_MINUTES } from '#shared/domain/booking-slots.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { createBlockSchema, type SpaceBlock } from '#shared/schemas/blocks.ts';
import { formatDate, formatTime } from '#shared/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { DateField } from '#web/components/date-picker/date-field.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { addSpaceBlock, getSpaceBlocks, removeSpaceBlock } from '../api/space-blocks.ts';

/** Every time of day on the booking grid: what a block may start or end at. */
const TIMES = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) =>
  formatTimeOfDay(i * SLOT_MINUTES),
);

type Fields = Partial<Record<'date' | 'startTime' | 'endTime' | 'note', string>>;
type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: SpaceBlock[] };

/**
 * "Blocked times" of one of the host's spaces: a private event, maintenance. Renters see those
 * times busy and cannot request them; a time over a confirmed booking cannot be blocked (the
 * server names the booking). Loaded when the dialog opens.
 */
export function SpaceBlocks({ spaceId, name }: { spaceId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const fieldError = useFieldError();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [form, setForm] = useState({ date: '', startTime: '', endTime: '', note: '' });
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const request = useRef<AbortController | null>(null);

  const load = () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState({ status: 'loading' });
    getSpaceBlocks(spaceId, controller.signal).then(
      ({ items }) => setState({ status: 'ready', items }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'error' });
      },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createBlockSchema.safeParse(form);
    if (!parsed.success) {
      const next: Fields = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const added = await addSpaceBlock(spaceId, form);
      setState((s) =>
        s.status === 'ready'
          ? {
              ...s,
              items: [...s.items, added].sort((a, b) =>
                `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`),
              ),
            }
          : s,
      );
      setForm({ date: form.date, startTime: '', endTime: '', note: '' });
      toast({ title: t('account.blocks.added') });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400)
        setErrors(error.fields as Fields);
      toast({
        variant: 'destructive',
        title: t('account.blocks.addFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (block: SpaceBlock) => {
    setBusy(true);
    try {
      await removeSpaceBlock(spaceId, block.id);
      setState((s) =>
        s.status === 'ready' ? { ...s, items: s.items.filter((b) => b.id !== block.id) } : s,
      );
      toast({ title: t('account.blocks.removed') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('account.blocks.removeFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
      load();
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const when = (b: SpaceBlock) =>
    t('account.blocks.when', {
      date: formatDate(b.date, locale),
      start: formatTime(b.startTime, locale),
      end: formatTime(b.endTime, locale),
    });

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setOpen(true);
          load();
        }}
      >
        <CalendarX2 aria-hidden className="size-4" />
        {t('account.blocks.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && !busy) {
            request.current?.abort();
            setOpen(false);
          }
        }}
      >
        <DialogContent closeLabel={t('booking.confirm.close')}>
          <DialogHeader>
            <DialogTitle>{t('account.blocks.title', { name })}</DialogTitle>
            <DialogDescription>{t('account.blocks.intro')}</DialogDescription>
          </DialogHeader>

          <form
            onSubmit={submit}
            aria-label={t('account.blocks.formLabel')}
            className="grid gap-3 sm:grid-cols-2"
            noValidate
          >
            <Field
              label={t('account.blocks.date')}
              error={fieldError(errors.date)}
              className="sm:col-span-2"
            >
              {(control) => (
                <DateField
                  {...control}
                  label={t('account.blocks.date')}
                  earliest={riyadhToday()}
                  value={form.date}
                  onChange={(e) => set('date')(e.target.value)}
                  onPick={set('date')}
                  describe={formatDate}
                />
              )}
            </Field>
            <Field label={t('account.blocks.from')} error={fieldError(errors.startTime)}>
              {(control) => (
                <Select
                  {...control}
                  value={form.startTime}
                  onChange={(e) => set('startTime')(e.target.value)}
                >
                  <option value="">{t('booking.chooseTime')}</option>
                  {TIMES.map((time) => (
                    <option key={time} value={time}>
                      {formatTime(time, locale)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('account.blocks.to')} error={fieldError(errors.endTime)}>
              {(control) => (
                <Select
                  {...control}
                  value={form.endTime}
                  onChange={(e) => set('endTime')(e.target.value)}
                >
                  <option value="">{t('booking.chooseTime')}</option>
                  {TIMES.slice(1).map((time) => (
                    <option key={time} value={time}>
                      {formatTime(time, locale)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label={t('account.blocks.note')}
              hint={t('account.blocks.noteHint')}
              error={fieldError(errors.note)}
              className="sm:col-span-2"
            >
              {(control) => (
                <Input
                  {...control}
                  dir="auto"
                  maxLength={200}
                  value={form.note}
                  onChange={(e) => set('note')(e.target.value)}
                />
              )}
            </Field>
            <Button type="submit" disabled={busy} className="sm:col-span-2">
              {t('account.blocks.add')}
            </Button>
          </form>

          <section aria-label={t('account.blocks.listLabel')} className="flex flex-col gap-2">
            {state.status === 'loading' && (
              <p role="status" className="text-sm text-muted">
                {t('account.blocks.loading')}
              </p>
            )}
            {state.status === 'error' && (
              <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
                {t('account.blocks.error')}
              </p>
            )}
            {state.status === 'ready' && state.items.length === 0 && (
              <p className="text-sm text-muted">{t('account.blocks.empty')}</p>
            )}
            {state.status === 'ready' && state.items.length > 0 && (
              <ul className="flex flex-col gap-2">
                {state.items.map((b) => (
                  <li
                    key={b.id}
                    className="flex items-center justify-between gap-3 rounded-xl border border-sand-200 p-3"
                  >
                    <div className="flex flex-col">
                      <span className="font-semibold text-ink">{when(b)}</span>
                      {b.note && (
                        <span dir="auto" className="text-sm text-muted">
                          {b.note}
                        </span>
                      )}
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={t('account.blocks.removeLabel', { when: when(b) })}
                      onClick={() => remove(b)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      {t('account.blocks.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </DialogContent>
      </Dialog>
    </>
  );
}
