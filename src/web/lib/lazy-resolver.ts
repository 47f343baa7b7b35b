import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { toast } from '../components/ui/toast-store.ts';
import { translate } from './i18n.ts';

export interface LazyResolver<In extends FieldValues, Out> {
  /** react-hook-form's `resolver`: validates with the form's zod schema once it has arrived */
  resolve: Resolver<In, unknown, Out>;
  /**
   * starts fetching the schema and zod (call it when the visitor first touches the form) once
   * the touch's own answer is on the screen: asking for the chunks costs the main thread ~10 ms
   * (~40 ms at a 4× slower phone's speed), which a focus or a tap should not wait behind
   */
  preload: () => void;
}

/**
 * A form's zod schema, fetched the first time the form is touched or validated instead of with the
 * page (issue 19): zod is ~24 KB gzipped that a visitor who only reads a page never needs, and
 * parsing it before the page is interactive is what a slow phone feels. The schema is the same
 * shared one the server runs; only when it is loaded changes.
 *
 * If the chunk cannot be fetched (the network dropped), the form is not submitted: the visitor is
 * told and the next attempt fetches again.
 */
export function lazyZodResolver<In extends FieldValues, Out>(
  loadSchema: () => Promise<ZodType<Out, In>>,
  /** hand the form's own values on, not the parsed ones (zodResolver's `raw`) */
  options: { raw?: boolean } = {},
): LazyResolver<In, Out> {
  let pending: Promise<Resolver<In, unknown, Out>> | null = null;
  const load = () =>
    (pending ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        (options.raw
          ? zodResolver(schema, undefined, { raw: true })
          : zodResolver(schema)) as unknown as Resolver<In, unknown, Out>,
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  let asked = false;
  return {
    preload: () => {
      if (asked || pending) return;
      asked = true;
      // After the frame that follows the touch (as the boot script starts the app, decision 073).
      requestAnimationFrame(() => setTimeout(() => void load().catch(() => undefined)));
    },
    resolve: async (values, context, options) => {
      let resolver: Resolver<In, unknown, Out>;
      try {
        resolver = await load();
      } catch {
        const message = translate('errors:INTERNAL_ERROR');
        toast({ variant: 'destructive', title: message });
        const errors = { root: { type: 'load', message } } as FieldErrors<In>;
        return { values: {}, errors };
      }
      return resolver(values, context, options);
    },
  };
}
