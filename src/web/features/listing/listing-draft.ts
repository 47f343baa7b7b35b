import type { SpaceFormInput } from '#shared/schemas/space-form.ts';

/**
 * The wizard's draft in localStorage, so a reload or the sign-in detour loses nothing. Image
 * files are never stored — only what the server gave back for each finished upload (its id and
 * a preview URL); an upload still running when the page goes is simply not in the draft.
 */
export const LISTING_DRAFT_KEY = 'listing-draft';
const VERSION = 1;

export interface DraftImage {
  id: string;
  url: string;
  width: number;
  height: number;
  name: string;
}

export interface ListingDraft {
  step: number;
  values: Partial<SpaceFormInput>;
  images: DraftImage[];
}

export function readListingDraft(): ListingDraft | null {
  try {
    const raw = window.localStorage.getItem(LISTING_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as ListingDraft & { version?: number };
    if (parsed.version !== VERSION || typeof parsed.values !== 'object') return null;
    return {
      step: Number.isInteger(parsed.step) ? parsed.step : 0,
      values: parsed.values ?? {},
      images: Array.isArray(parsed.images) ? parsed.images : [],
    };
  } catch {
    return null;
  }
}

export function writeListingDraft(draft: ListingDraft) {
  try {
    window.localStorage.setItem(LISTING_DRAFT_KEY, JSON.stringify({ version: VERSION, ...draft }));
  } catch {
    /* storage full or unavailable: the wizard still works, the draft just is not kept */
  }
}

export function clearListingDraft() {
  try {
    window.localStorage.removeItem(LISTING_DRAFT_KEY);
  } catch {
    /* nothing to clear */
  }
}
