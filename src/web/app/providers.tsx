import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../lib/i18n.ts';

/** Every app-wide provider, in one place. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18next}>{children}</I18nextProvider>;
}
