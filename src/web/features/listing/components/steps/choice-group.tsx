import { useId, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A radio or checkbox drawn as a chip, its border and fill following the input's state. */
export const chipClass =
  'flex cursor-pointer items-center gap-2 rounded-xl border border-sand-200 bg-white px-3 py-2.5 text-sm font-medium text-ink transition-colors hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500';

/** A group of radios or checkboxes: a fieldset with its legend, hint and error wired up. */
export function ChoiceGroup({
  legend,
  hint,
  error,
  children,
  className,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
