import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { DECISION_MODES, type DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getDecisionMode, hostDecide, setDecisionMode } from '../api/host-decisions.ts';
import { useLoad } from '../hooks/use-load.ts';

/**
 * Who decides the space's requests (issue 35, decision 058): the team (`admin`), the host
 * (`host`), or nobody — confirmed at once (`instant`). The modes the team has not opened to this
 * host are shown, disabled, with why.
 */
export function DecisionModePanel({
  spaceId,
  onChange,
}: {
  spaceId: string;
  onChange: (mode: DecisionMode) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const loaded = useLoad(spaceId, async (signal) => {
    const answer = await getDecisionMode(spaceId, signal);
    onChange(answer.decisionMode);
    return answer;
  });
  const [saving, setSaving] = useState(false);
  const [mode, setMode] = useState<{ spaceId: string; mode: DecisionMode } | null>(null);
  const current = mode?.spaceId === spaceId ? mode.mode : loaded.data?.decisionMode;
  if (!loaded.data) return null;
  const allowed = loaded.data.allowedModes;

  const choose = async (next: DecisionMode) => {
    setSaving(true);
    try {
      const answer = await setDecisionMode(spaceId, next);
      setMode({ spaceId, mode: answer.decisionMode });
      onChange(answer.decisionMode);
      toast({ title: t('account.hosting.mode.saved') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('account.hosting.mode.failed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
      data-testid="decision-mode"
    >
      <legend id={titleId} className="sr-only">
        {t('account.hosting.mode.title')}
      </legend>
      <p aria-hidden className="font-bold text-ink">
        {t('account.hosting.mode.title')}
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        {DECISION_MODES.map((value) => {
          const open = allowed.includes(value);
          const checked = current === value;
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-xl border p-3 text-sm',
                checked ? 'border-brand-700 bg-brand-50' : 'border-sand-200',
                !open && 'cursor-not-allowed opacity-70',
              )}
            >
              <span className="flex items-center gap-2 font-semibold text-ink">
                <input
                  type="radio"
                  name={`decision-mode-${spaceId}`}
                  value={value}
                  checked={checked}
                  disabled={!open || saving}
                  onChange={() => void choose(value)}
                  className="size-4 accent-brand-700"
                />
                {t(`account.hosting.mode.${value}`)}
              </span>
              <span className="text-muted">
                {open ? t(`account.hosting.mode.${value}Hint`) : t('account.hosting.mode.closed')}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The host's confirm and decline of a pending request on a space whose host decides. */
export function HostDecisionButtons({
  bookingId,
  onDecided,
}: {
  bookingId: string;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const decide = async (action: 'confirm' | 'decline') => {
    setBusy(true);
    try {
      await hostDecide(bookingId, action);
      toast({
        title: t(action === 'confirm' ? 'account.hosting.confirmed' : 'account.hosting.declined'),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('account.hosting.decideFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setBusy(false);
      onDecided();
    }
  };
  return (
    <div className="flex flex-wrap gap-3">
      <Button size="sm" onClick={() => void decide('confirm')} disabled={busy}>
        <Check aria-hidden />
        {t('account.hosting.confirm')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void decide('decline')}
        disabled={busy}
        className="text-red-700"
      >
        <X aria-hidden />
        {t('account.hosting.decline')}
      </Button>
    </div>
  );
}
