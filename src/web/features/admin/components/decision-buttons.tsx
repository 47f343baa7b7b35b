import { Check, X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * The two decisions on a pending item: accept (approve or confirm) and reject. When the item
 * cannot be accepted (a booking that overlaps a confirmed one), the accept button is disabled
 * and points to the note that says why (`acceptBlockedBy`, the note's id); reject stays.
 */
export function DecisionButtons({
  acceptLabel,
  onAccept,
  onReject,
  busy,
  acceptBlockedBy,
}: {
  acceptLabel: string;
  onAccept: () => void;
  onReject: () => void;
  busy: boolean;
  acceptBlockedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        onClick={onAccept}
        disabled={busy || acceptBlockedBy !== undefined}
        aria-describedby={acceptBlockedBy}
      >
        <Check aria-hidden />
        {acceptLabel}
      </Button>
      <Button variant="outline" onClick={onReject} disabled={busy} className="text-red-700">
        <X aria-hidden />
        {t('admin.actions.reject')}
      </Button>
    </div>
  );
}
