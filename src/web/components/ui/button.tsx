import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '#web/lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white shadow-card hover:bg-brand-600',
        accent: 'bg-gold-400 text-brand-900 shadow-card hover:bg-gold-500',
        outline: 'border border-brand-700/25 bg-white text-brand-700 hover:bg-brand-50',
        ghost: 'text-ink hover:bg-brand-50 hover:text-brand-700',
        link: 'text-brand-700 underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-11 px-5 text-base',
        lg: 'h-13 px-7 text-lg',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

/**
 * A button, or with `asChild` its one child (a link) dressed as one: the child keeps its own
 * props and gets the button's classes added to its own. (Radix's Slot did this with event and ref
 * merging no button here needs; leaving it out keeps 1 KB off every page's first JavaScript.)
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  children,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement<{ className?: string }>(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, {
      'data-slot': 'button',
      ...props,
      ...child.props,
      className: cn(classes, child.props.className),
    } as object);
  }
  return (
    <button data-slot="button" className={classes} {...props}>
      {children}
    </button>
  );
}
