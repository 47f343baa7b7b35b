import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { controlClass } from './input.tsx';

export { Input } from './input.tsx';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlClass, 'min-h-36 py-3 leading-relaxed', className)}
      {...props}
    />
  );
}

/** A native select: fast, accessible, and the phone's own picker on mobile. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      data-slot="select"
      className={cn(
        controlClass,
        'h-12 appearance-none bg-[length:1rem] bg-no-repeat pe-10',
        'select-chevron',
        className,
      )}
      {...props}
    />
  );
}

interface FieldProps {
  label: ReactNode;
  /** the translated error, if any */
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** Label, control, hint and error wired together (aria-invalid, aria-describedby, role=alert). */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="field" className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
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
    </div>
  );
}
