import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while a pre-rendered page hydrates, true after. What is lazily loaded
 * and below the fold (the footer, the space's reviews, the phone's book bar) renders only then:
 * the server's HTML never holds a boundary it could not finish (React error #419).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
