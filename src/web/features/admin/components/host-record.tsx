import { ChevronDown, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { DECISION_MODES, type DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import type { Locale } from '#shared/constants.ts';
import { formatNumber, formatPercent } from '#shared/format.ts';
import type { HostRecord } from '#shared/schemas/decisions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError, isAbort } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getHostRecord, setHostDecisionModes } from '../api/host-record.ts';

/** The share of the host's own decisions that were declines, as a whole percent; null: none yet. */
function declineRate(record: HostRecord): number | null {
  const decisions = record.hostConfirms + record.hostDeclines;
  return decisions === 0 ? null : Math.round((record.hostDeclines * 100) / decisions);
}

/**
 * A host's record on the review desk (issue 35, decision 058): the requests their spaces
 * received, the bookings confirmed, their own decisions and decline rate, the confirmed bookings
 * they cancelled, and the modes the team opens to them (the team's own desk is always open).
 * Read when opened, not with every card.
 */
export function HostRecordPanel({ hostId }: { hostId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [open, setOpen] = useState(false);
  const [record, setRecord] = useState<HostRecord | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [modes, setModes] = useState<DecisionMode[] | null>(null);
  const [saving, setSaving] = useState(false);
  const legendId = useId();

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    getHostRecord(hostId, controller.signal).then(
      (answer) => {
        setRecord(answer);
        setModes(answer.decisionModes);
        setFailed(false);
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [open, hostId, attempt]);

  const save = async () => {
    if (!modes) return;
    setSaving(true);
    try {
      const answer = await setHostDecisionModes(hostId, modes);
      setRecord(answer);
      setModes(answer.decisionModes);
      toast({ title: t('admin.hostRecord.saved') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('admin.hostRecord.saveFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setSaving(false);
    }
  };

  const n = (value: number) => formatNumber(value, locale);
  const rate = record ? declineRate(record) : null;
  const facts: [string, string][] = record
    ? [
        [t('admin.hostRecord.requests'), n(record.requests)],
        [t('admin.hostRecord.confirmed'), n(record.confirmedBookings)],
        [t('admin.hostRecord.hostConfirms'), n(record.hostConfirms)],
        [t('admin.hostRecord.hostDeclines'), n(record.hostDeclines)],
        [
          t('admin.hostRecord.declineRate'),
          rate === null ? t('admin.hostRecord.noDecisions') : formatPercent(rate, locale),
        ],
        [t('admin.hostRecord.cancellations'), n(record.hostCancellations)],
      ]
    : [];
  const changed =
    record && modes && [...modes].sort().join() !== [...record.decisionModes].sort().join();

  return (
    <details
      data-testid="host-record"
      className="group rounded-2xl border border-sand-200 bg-sand-50 text-sm"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-2xl p-3 font-semibold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
        {t('admin.hostRecord.title')}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="flex flex-col gap-4 px-3 pb-3">
        {open && !record && !failed && (
          <p role="status" className="text-muted">
            {t('admin.hostRecord.loading')}
          </p>
        )}
        {failed && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-red-800">
            {t('admin.hostRecord.error')}
            <Button variant="outline" size="sm" onClick={() => setAttempt((a) => a + 1)}>
              <RefreshCw aria-hidden />
              {t('admin.hostRecord.retry')}
            </Button>
          </div>
        )}
        {record && modes && (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
              {facts.map(([label, value]) => (
                <div key={label} className="flex flex-col">
                  <dt className="text-muted">{label}</dt>
                  <dd className="text-base font-bold text-ink">{value}</dd>
                </div>
              ))}
            </dl>
            <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
              <legend id={legendId} className="font-semibold text-ink">
                {t('admin.hostRecord.modes')}
              </legend>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {DECISION_MODES.map((mode) => (
                  <label key={mode} className="inline-flex items-center gap-2 text-ink">
                    <input
                      type="checkbox"
                      className="size-5 rounded accent-brand-700"
                      checked={modes.includes(mode)}
                      // the team's desk stays open to every host
                      disabled={mode === 'admin' || saving}
                      onChange={(event) =>
                        setModes((current) =>
                          event.target.checked
                            ? [...(current ?? []), mode]
                            : (current ?? []).filter((m) => m !== mode),
                        )
                      }
                    />
                    {t(`admin.hostRecord.mode.${mode}`)}
                  </label>
                ))}
              </div>
              <p className="text-muted">{t('admin.hostRecord.modesHint')}</p>
              <div>
                <Button size="sm" onClick={() => void save()} disabled={saving || !changed}>
                  {t('admin.hostRecord.save')}
                </Button>
              </div>
            </fieldset>
          </>
        )}
      </div>
    </details>
  );
}
