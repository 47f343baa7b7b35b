import { lazy, memo, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useLocale } from './i18n.ts';

/** A part: a function component (its props are the boundary's). */
type Part<P> = (props: P) => ReactNode;

/** On the server: the parts' loaders, run by `loadServerRenderedParts` before a render. */
const loaders = new Set<() => Promise<unknown>>();

/**
 * A part below the fold that the server's HTML holds all the same (the footer, a space's
 * reviews; decision 075), its code loaded apart from the page's.
 *
 * In the browser it is `React.lazy` in a `<Suspense>` of its own: its code is no part of the
 * page's JavaScript before interactive, and React keeps the server's HTML of it as it is until
 * that code has arrived, then hydrates it alone — in the way of neither the first tap nor the
 * page's hydration, and not drawn again. The boundary is memoised: a render of the page around
 * it before its code has come (a text section loaded, the language switched) passes it the same
 * props, so React never sees an update to a boundary it could not hydrate yet — which it would
 * answer by throwing the server's HTML away and drawing the part anew.
 *
 * On the server, `loadServerRenderedParts()` has loaded every such part before
 * `renderToString`, which cannot wait: the part resolves in that same render (a thenable that
 * answers at once, which `lazy` reads synchronously), so the HTML holds it, not its fallback.
 */
export function serverRenderedPart<P extends object>(load: () => Promise<Part<P>>) {
  // Typed as what it renders: React's lazy types lose the props of a generic component.
  const Lazy = lazyPart(load) as unknown as ComponentType<P>;
  return memo(function ServerRenderedPart(props: P) {
    // The server's HTML is in the language the page was hydrated in. A language switched before
    // the part's code has come would hydrate the other language's words against it (React's
    // error 418, reported on the page, and the server's HTML thrown away): so once the language
    // differs from that one, the part lives in a boundary of its own, drawn from its code, never
    // hydrated. Once: switching back does not draw it again (a part hydrated before the switch
    // is drawn anew once too — the switch redraws every word of the page anyway).
    const locale = useLocale();
    const [hydratedIn] = useState(locale);
    const [drawnAnew, setDrawnAnew] = useState(false);
    if (!drawnAnew && locale !== hydratedIn) setDrawnAnew(true);
    return (
      <Suspense key={drawnAnew ? 'drawn-anew' : 'as-sent'} fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  });
}

function lazyPart<P>(load: () => Promise<Part<P>>) {
  if (!import.meta.env.SSR) return lazy(async () => ({ default: await load() }));
  let loaded: Part<P> | undefined;
  const loadOnce = async () => (loaded ??= await load());
  loaders.add(loadOnce);
  return lazy(() => {
    const ready = loaded;
    if (!ready) return loadOnce().then((component) => ({ default: component }));
    // Not a Promise, whose `then` would answer in a later microtask: `lazy` calls `then` and,
    // answered at once, renders the part in this very render.
    const answered = {
      then: (resolve: (module: { default: Part<P> }) => void) => resolve({ default: ready }),
    };
    return answered as unknown as Promise<{ default: Part<P> }>;
  });
}

/**
 * On the server, before each render: the code of every part declared so far (a route's own parts
 * are declared when its module is first loaded, by the router's `lazy`). Quick once loaded.
 */
export async function loadServerRenderedParts(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}
