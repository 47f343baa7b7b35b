import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { cn } from '#web/lib/cn.ts';
import { dismissToast, useToasts } from './toast-store.ts';

/** docs/product-spec.md §9: shown 5000 ms, swipe to dismiss past 50 px, viewport hotkey F8. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const rtl = i18n.dir() === 'rtl';
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection={rtl ? 'left' : 'right'}
      label={t('toast.region')}
    >
      {toasts.map(({ id, open, title, description, variant = 'default', action }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          data-variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pe-10 shadow-card',
            variant === 'destructive'
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-sand-200 bg-white text-ink',
          )}
        >
          <div className="flex flex-1 flex-col gap-1">
            {title && <ToastPrimitive.Title className="font-bold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {description}
              </ToastPrimitive.Description>
            )}
            {action && (
              <ToastPrimitive.Action
                altText={action.altText}
                onClick={action.onClick}
                className="mt-2 self-start rounded-lg border border-current px-3 py-1 text-sm font-semibold"
              >
                {action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className="absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Under the header, at the top end: never over a page's primary action, which sits low
          (the wizard's "next", the booking form's submit, the space page's book bar). */}
      <ToastPrimitive.Viewport
        label={t('toast.viewport')}
        className="pointer-events-none fixed top-20 end-0 z-[100] flex w-full max-w-md flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
