import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * Its children only once the page is the app's (`useHydrated`): on the server and while a
 * pre-rendered page hydrates, nothing. Only this small component renders again when hydration
 * ends — React does that at once, in one task the phone cannot interrupt — not the page or the
 * layout around it (issue 19: that re-render was the space page's longest task after hydration).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
