import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while a pre-rendered page hydrates, true after: for what must differ
 * from the server's HTML once the page is the app's (the slideshow's reduced motion). Every
 * component that reads it renders again, at once, when hydration ends (decision 041): read it as
 * deep in the tree as it can be.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
