import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** On the server: the parts' loaders, run by `loadServerRenderedParts` before a render. */
const loaders = new Set<() => Promise<unknown>>();

/**
 * `React.lazy` for a part below the fold that the server's HTML holds all the same (the footer,
 * a space's reviews; decision 075). In the browser it is plain `lazy`: its code is not part of
 * the page's JavaScript before interactive, and inside its own `<Suspense>` React keeps the
 * server's HTML of it as it is until that code has arrived, then hydrates it alone — neither in
 * the way of the first tap nor drawn again. On the server, `loadServerRenderedParts()` has loaded
 * every such part before `renderToString`, which cannot wait: the part then resolves in the same
 * render (a thenable that answers at once, which React's `lazy` reads synchronously), so the HTML
 * holds it, not its fallback.
 */
export function serverRenderedLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  if (!import.meta.env.SSR) return lazy(async () => ({ default: await load() }));
  let loaded: ComponentType<P> | undefined;
  const loadOnce = async () => (loaded ??= await load());
  loaders.add(loadOnce);
  return lazy(() => {
    const ready = loaded;
    if (!ready) return loadOnce().then((component) => ({ default: component }));
    // Not a Promise, whose `then` would answer in a later microtask: React's `lazy` calls `then`
    // and, answered at once, renders the part in this very render.
    const answered = {
      then: (resolve: (module: { default: ComponentType<P> }) => void) =>
        resolve({ default: ready }),
    };
    return answered as unknown as Promise<{ default: ComponentType<P> }>;
  });
}

/**
 * On the server, before each render: the code of every part declared so far (a route's own parts
 * are declared when its module is first loaded, by the router's `lazy`). Quick once loaded.
 */
export async function loadServerRenderedParts(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}
