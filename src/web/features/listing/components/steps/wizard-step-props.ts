import type { UseFormReturn } from 'react-hook-form';
import type { SpaceForm, SpaceFormInput } from '#shared/schemas/space-form.ts';
import type { DraftImage } from '#web/features/listing/listing-draft.ts';

export type ListingForm = UseFormReturn<SpaceFormInput, unknown, SpaceForm>;

/** What every step of the wizard is given (../wizard-step-table.ts lists the steps in order). */
export interface WizardStepProps {
  form: ListingForm;
  signedIn: boolean;
  /** translation is configured (GET /api/config) */
  translationOn: boolean;
  /** /auth with the prompt and the way back to the wizard */
  signInHref: string;
  /** the finished uploads, in display order (the first is the cover) */
  images: DraftImage[];
  /** gets an update of the current list (uploads finish in any order, any time) */
  onImagesChange: (update: (current: DraftImage[]) => DraftImage[]) => void;
}
