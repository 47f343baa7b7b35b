import { SPACE_STATUSES } from '../constants.ts';

/** The review desk's tab of listings whose host edited their content (a pending revision). */
export const REVISION_TAB = 'revision';
/** The review desk's listing tabs: one per status, and the listings with an edit to review. */
export const ADMIN_SPACE_TABS = [...SPACE_STATUSES, REVISION_TAB] as const;
export type AdminSpaceTab = (typeof ADMIN_SPACE_TABS)[number];
