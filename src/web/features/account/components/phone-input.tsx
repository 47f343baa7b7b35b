import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A Saudi mobile number after a fixed +966 prefix, typed without the leading zero (the help text
 * says so). Numbers read left to right in both languages.
 */
export function PhoneInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div
      dir="ltr"
      className={cn(
        'flex h-12 overflow-hidden rounded-xl border border-control bg-white focus-within:border-brand-500 focus-within:outline-2 focus-within:outline-brand-500/30',
        className,
      )}
    >
      <span className="flex items-center border-e border-control bg-sand-100 px-3 font-semibold text-ink select-none">
        +966
      </span>
      <input
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="5XXXXXXXX"
        className="min-w-0 flex-1 bg-transparent px-3 text-base text-ink outline-none placeholder:text-muted/70"
        {...props}
      />
    </div>
  );
}
