import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while a pre-rendered page hydrates, true after. What is lazily loaded
 * and below the fold (the footer, the space's reviews) renders only then: the server's HTML never
 * holds a boundary it could not finish (React error #419). Read it through `AfterHydration`, so
 * that only that part renders again when hydration ends (decision 041).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
