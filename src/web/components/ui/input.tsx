import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * The look of every form control. On its own (field.tsx re-exports it), so a page with a single
 * text field (the home page's date) does not load the label, textarea and select code.
 */
export const controlClass =
  'w-full rounded-xl border border-control bg-white px-4 text-base text-ink placeholder:text-muted/70 transition-colors focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30 aria-invalid:border-red-600 aria-invalid:focus:outline-red-600/30 disabled:opacity-60';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" className={cn(controlClass, 'h-12', className)} {...props} />;
}
