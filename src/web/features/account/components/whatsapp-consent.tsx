import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import { formatDate } from '#shared/format.ts';
import type { MeUser } from '#shared/schemas/me.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { setWhatsAppConsent } from '../api/set-whatsapp-consent.ts';

/**
 * The account page's WhatsApp switch (PDPL): off unless the person turns it on; on, it says since
 * when. Turning it off stops every message from then on, queued ones included.
 */
export function WhatsAppConsent({ user, onChange }: { user: MeUser; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [since, setSince] = useState<string | null>(user.whatsappOptInAt ?? null);
  // The switch moves at once; a refused change puts it back.
  const [checked, setChecked] = useState(since !== null);
  const canOptIn = Boolean(user.phone && user.phoneVerified);

  async function toggle(optIn: boolean) {
    setBusy(true);
    setChecked(optIn);
    try {
      const answer = await setWhatsAppConsent({ optIn });
      setSince(answer.whatsappOptInAt);
      setChecked(answer.optIn);
      toast({ title: t(optIn ? 'account.whatsapp.turnedOn' : 'account.whatsapp.turnedOff') });
      onChange();
    } catch (error) {
      setChecked(since !== null);
      toast({
        title: t('account.whatsapp.failed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 flex flex-col gap-3 rounded-3xl border border-sand-200 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-ink">
        <MessageCircle aria-hidden className="size-5 text-brand-700" />
        {t('account.whatsapp.title')}
      </h2>
      <label className="flex cursor-pointer items-start gap-3 has-[:disabled]:cursor-not-allowed">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          checked={checked}
          disabled={busy || (!canOptIn && !checked)}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span className="font-medium text-ink">{t('account.whatsapp.label')}</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {since
          ? t('account.whatsapp.since', {
              date: formatDate(riyadhClock(new Date(since)).date, i18n.language),
            })
          : canOptIn
            ? t('account.whatsapp.hint')
            : t('account.whatsapp.needsPhone')}
      </p>
    </section>
  );
}
