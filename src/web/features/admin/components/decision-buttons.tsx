import { Check, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The two decisions on a pending item: accept (approve or confirm) and reject. */
export function DecisionButtons({
  acceptLabel,
  onAccept,
  onReject,
  busy,
}: {
  acceptLabel: string;
  onAccept: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={onAccept} disabled={busy}>
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
