import { Slot } from '@radix-ui/react-slot';
import { X } from 'lucide-react';
import { createContext, use, useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { NativeDialog } from './native-dialog.tsx';

/**
 * A modal dialog (shadcn's API) on NativeDialog, the browser's own `<dialog>`: `showModal()` traps focus,
 * makes the page behind inert and returns focus to the opener; Escape and the close button
 * dismiss it. Unlike Radix Dialog it injects no `<style>` element, so the strict CSP
 * (`style-src 'self'`) holds (and keeps about 10 KB of Radix out of the pages that use it).
 * It sits in the top layer, inside the document, so it takes the page's `dir`.
 */
interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(component: string): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error(`${component} must be used within a Dialog`);
  return state;
}

export function Dialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <DialogContext
      value={{
        open,
        setOpen: onOpenChange,
        titleId: `${id}-title`,
        descriptionId: `${id}-description`,
      }}
    >
      {children}
    </DialogContext>
  );
}

/** Closes the dialog it is in; `asChild` lends the behaviour to the child (a Button). */
export function DialogClose({
  asChild,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { setOpen } = useDialog('DialogClose');
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
      {...props}
    />
  );
}

export function DialogContent({
  className,
  children,
  closeLabel,
}: {
  className?: string;
  children: ReactNode;
  /** The close button's accessible name, in the user's language. */
  closeLabel: string;
}) {
  const { open, setOpen, titleId, descriptionId } = useDialog('DialogContent');
  return (
    <NativeDialog
      open={open}
      // Escape or the browser closing it: tell the owner, who holds the state.
      onClose={() => setOpen(false)}
      labelledBy={titleId}
      describedBy={descriptionId}
      className={cn(
        'fixed inset-0 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-3xl border border-sand-200 bg-white p-6 text-ink shadow-card backdrop:bg-ink/50 backdrop:backdrop-blur-[2px] sm:p-8',
        className,
      )}
    >
      <div data-slot="dialog-content" className="relative flex flex-col gap-4">
        {children}
        <button
          type="button"
          aria-label={closeLabel}
          onClick={() => setOpen(false)}
          className="absolute -end-3 -top-3 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-sand-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </NativeDialog>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 pe-8', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { titleId } = useDialog('DialogTitle');
  return (
    <h2
      id={titleId}
      data-slot="dialog-title"
      className={cn('text-xl font-bold text-ink', className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useDialog('DialogDescription');
  return (
    <p
      id={descriptionId}
      data-slot="dialog-description"
      className={cn('text-sm leading-relaxed text-muted', className)}
      {...props}
    />
  );
}
