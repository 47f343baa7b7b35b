import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx). No tailwind-merge: it would cost 8 KB of every page's JavaScript
 * (docs/decisions/009-small-i18n-module.md); components take care not to pass conflicting classes.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
