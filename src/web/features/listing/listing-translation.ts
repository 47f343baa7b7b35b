import type en from '../../locales/sections/listing/en.json';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * The wizard's own texts (`listSpace.*`) are the `listing` text section
 * (src/web/locales/sections/listing/), loaded with the wizard's routes in the reader's language
 * only (decisions 014, 019). The wizard reads them, and every app-wide key, through the app's `t`.
 */
export type ListSpaceKey = keyof typeof en;

export const useListSpaceTranslation = useTranslation;
