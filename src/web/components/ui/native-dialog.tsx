import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A modal on the browser's own <dialog>: focus kept inside, Escape closes, the page behind is
 * inert, focus returns to the opener. No injected <style> tags, so the strict CSP
 * (style-src 'self') holds — which Radix Dialog's scroll lock breaks.
 */
export function NativeDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      className={cn('backdrop:bg-black/50', className)}
    >
      {open ? children : null}
    </dialog>
  );
}
