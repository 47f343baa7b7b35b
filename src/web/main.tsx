import { startTransition, StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import type { MeResponse } from '#shared/schemas/me.ts';
import { currentLocale, initLocale } from './lib/i18n.ts';
import './styles.css';

// The router starts fetching the page's code now, while the language file loads beside it.
const router = createAppRouter();
await initLocale();

const container = document.getElementById('root')!;
const prerendered = container.dataset.prerendered;
// The server's HTML shows this very page (src/server/plugins/prerender.ts) as this visitor sees it
// (their header, signed in or not), in the language saved here. The boot script reloaded a page
// rendered in another language before its first paint (decision 038); only a browser that keeps
// no cookie can still arrive here with one, and then the app draws the page itself.
const hydrate = prerendered === currentLocale();
if (hydrate) {
  // React takes the HTML over once the page's code and data are in (the loaders take the data the
  // server rendered with), so its first render matches the HTML.
  await new Promise<void>((resolve) => {
    const ready = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (ready()) return resolve();
    const stop = router.subscribe(() => {
      if (!ready()) return;
      stop();
      resolve();
    });
  });
} else if (prerendered) {
  // Pre-rendered for someone else (another language, or signed out): never show it.
  container.replaceChildren();
}

/**
 * The user the server drew the page's header for (null: signed out; src/server/plugins/prerender.ts),
 * so the first render draws the same header.
 */
function prerenderedSession(): MeResponse | null | undefined {
  const text = document.getElementById('prerendered-session')?.textContent;
  return text ? (JSON.parse(text) as MeResponse | null) : undefined;
}

/**
 * Marks the page as the app's once React has drawn it (the e2e tests wait for this), then hands
 * it what the visitor did before (decision 042): after every part's effects have run.
 */
function LivePage({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    delete container.dataset.prerendered;
    // The router's scroll restoration sends a new page to the top in this same commit (its layout
    // effect runs before this one); a pre-rendered page the visitor has already scrolled stays
    // where they are, in the same task, before a frame is drawn (decision 076).
    if (hydrate) window.scrollTo(0, scrolledTo);
    removeEventListener('scroll', followScroll);
  }, []);
  useEffect(() => {
    // A pre-rendered page's early input and its parts hydrated on their own (decision 075): their
    // code is a chunk of its own, asked for once the page is live — after every part's effects
    // have run — and not part of the JavaScript before interactive.
    if (!hydrate) return;
    void import('./lib/early-input.ts').then((early) => {
      early.holdTapsUntilLive(container);
      early.adoptEarlyInput();
    });
  }, []);
  return children;
}

/** Where the visitor has scrolled the pre-rendered page to, until the app takes it over. */
let scrolledTo = window.scrollY;
const followScroll = () => {
  scrolledTo = window.scrollY;
};
addEventListener('scroll', followScroll, { passive: true });

const app = (
  <StrictMode>
    <LivePage>
      <AppProviders session={hydrate ? prerenderedSession() : undefined}>
        <RouterProvider router={router} />
      </AppProviders>
    </LivePage>
  </StrictMode>
);
// A transition either way: React renders (or takes the server's HTML over) in slices of a few
// milliseconds, so a phone's main thread is never blocked for long; the page is already on screen.
startTransition(() => {
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
