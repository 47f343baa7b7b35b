import { Archive, CirclePause, CirclePlay } from 'lucide-react';
import { useState } from 'react';
import { availableSpaceTransitions } from '#shared/domain/space-lifecycle.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
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
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { moveMySpace, type HostSpaceMove } from '../api/move-my-space.ts';

const ICONS = { pause: CirclePause, resume: CirclePlay, archive: Archive } as const;

/**
 * The host's own moves on one listing, as the space graph allows them from its state: pause new
 * requests, resume them, archive (after a confirmation). The server decides; a refusal (say, a
 * confirmed booking still to come) is shown as it answers.
 */
export function SpaceHostActions({
  space,
  name,
  onChange,
}: {
  space: MySpace;
  name: string;
  onChange: (space: MySpace) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);
  // Resubmitting a rejected listing is saving its edit (the wizard), not a button here.
  const moves = availableSpaceTransitions(space.status, 'host').filter(
    (move): move is HostSpaceMove => move in ICONS,
  );
  if (moves.length === 0) return null;

  const run = async (move: HostSpaceMove) => {
    setBusy(true);
    try {
      onChange(await moveMySpace(space.id, move));
      toast({ title: t(`account.spaces.moved.${move}`, { name }) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('account.spaces.moveFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setBusy(false);
      setConfirmArchive(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((move) => {
        const Icon = ICONS[move];
        return (
          <Button
            key={move}
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => (move === 'archive' ? setConfirmArchive(true) : run(move))}
          >
            <Icon aria-hidden className="size-4" />
            {t(`account.spaces.move.${move}`)}
          </Button>
        );
      })}
      <Dialog
        open={confirmArchive}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirmArchive(false);
        }}
      >
        <DialogContent closeLabel={t('booking.confirm.close')}>
          <DialogHeader>
            <DialogTitle>{t('account.spaces.archiveTitle')}</DialogTitle>
            <DialogDescription>{t('account.spaces.archiveText', { name })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                {t('account.spaces.archiveKeep')}
              </Button>
            </DialogClose>
            <Button onClick={() => run('archive')} disabled={busy}>
              {t('account.spaces.archiveConfirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
