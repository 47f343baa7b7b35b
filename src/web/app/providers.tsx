import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onFirstToast } from '../components/ui/toast-store.ts';
import type { MeResponse } from '#shared/schemas/me.ts';
import { AuthProvider } from '../lib/session/auth-context.tsx';
import { whenIdle } from '../lib/when-idle.ts';

// The toaster (Radix) is not needed to paint a page: it loads when the browser is idle, or at
// once when something shows a toast first. It keeps the first-load JavaScript small.
const Toaster = lazy(() =>
  import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
);

function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const load = () => setReady(true);
    const stop = onFirstToast(load);
    const cancelIdle = whenIdle(load);
    return () => {
      stop();
      cancelIdle();
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Every app-wide provider, in one place. `session`: the user a pre-rendered page was drawn for
 * (null: signed out), which the first render must draw too; undefined: not known yet.
 */
export function AppProviders({
  children,
  session,
}: {
  children: ReactNode;
  session?: MeResponse | null;
}) {
  return (
    <AuthProvider session={session}>
      {children}
      <DeferredToaster />
    </AuthProvider>
  );
}
