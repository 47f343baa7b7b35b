import type en from '#web/locales/sections/listing/en.json';

/**
 * The wizard's own texts (`listSpace.*`) are the `listing` text section
 * (src/web/locales/sections/listing/), loaded with the wizard's routes in the reader's language
 * only (decisions 014, 024), and read through the app's `t` like every other text.
 */
export type ListSpaceKey = keyof typeof en;
