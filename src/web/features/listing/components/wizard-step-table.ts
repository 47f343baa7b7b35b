import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { Locale } from '#shared/constants.ts';
import { formatCount } from '#shared/format-count.ts';
import {
  availabilityStepSchema,
  basicsStepSchema,
  imagesStepSchema,
  locationStepSchema,
  pricingStepSchema,
  type SpaceFormInput,
} from '#shared/schemas/space-form.ts';
import type { ListSpaceKey } from '../listing-translation.ts';
import { AvailabilityStep } from './steps/availability-step.tsx';
import { BasicsStep } from './steps/basics-step.tsx';
import { ImagesStep } from './steps/images-step.tsx';
import { LocationStep } from './steps/location-step.tsx';
import { PricingStep } from './steps/pricing-step.tsx';
import type { WizardStepProps } from './steps/wizard-step-props.ts';

type Field = keyof SpaceFormInput;

interface StepDefinition<Id extends string> {
  id: Id;
  /** the shared schema that checks this step before the host moves on (the server's rules) */
  schema: z.ZodObject;
  /** the step's name, in the progress bar, as its heading and in the review */
  title: ListSpaceKey;
  Component: ComponentType<WizardStepProps>;
  /** the host cannot move past it without an account (uploads need one) */
  needsAccount?: boolean;
}

/** A row of the table: its definition and the form fields it holds (its schema's). */
const step = <const Id extends string>(definition: StepDefinition<Id>) => ({
  ...definition,
  fields: Object.keys(definition.schema.shape) as Field[],
});

/**
 * The wizard's steps, in order (docs/product-spec.md §2): the one place that says which steps there
 * are, what each checks, which fields it holds, what it is called and what it shows. The progress
 * bar, the headings, the per-step validation, the review and "back to the step with the error" all
 * read it. The review comes after the last one. Each step is one file in ./steps/, named for it:
 * 1 basics-step.tsx, 2 location-step.tsx, 3 pricing-step.tsx, 4 images-step.tsx,
 * 5 availability-step.tsx (with booking-settings.tsx), then review-step.tsx.
 */
export const WIZARD_STEPS = [
  step({
    id: 'basics',
    schema: basicsStepSchema,
    title: 'listSpace.steps.basics',
    Component: BasicsStep,
  }),
  step({
    id: 'location',
    schema: locationStepSchema,
    title: 'listSpace.steps.location',
    Component: LocationStep,
  }),
  step({
    id: 'pricing',
    schema: pricingStepSchema,
    title: 'listSpace.steps.pricing',
    Component: PricingStep,
  }),
  step({
    id: 'images',
    schema: imagesStepSchema,
    title: 'listSpace.steps.images',
    Component: ImagesStep,
    needsAccount: true,
  }),
  step({
    id: 'availability',
    schema: availabilityStepSchema,
    title: 'listSpace.steps.availability',
    Component: AvailabilityStep,
  }),
];

export type WizardStepId = (typeof WIZARD_STEPS)[number]['id'];

/** The index of the review, after every step. */
export const REVIEW_STEP = WIZARD_STEPS.length;

/**
 * How many steps the wizard has, in words ("5 خطوات", "5 steps"): what the page's intro says, from
 * the table, so it always agrees with the numbered steps and "Step 1 of 5". The review is not one
 * of them: it checks the steps' answers and sends them.
 */
export const wizardStepCount = (locale: Locale) =>
  formatCount(WIZARD_STEPS.length, 'steps', locale);

/** The title of a step by index; past the last step, the review's. */
export const stepTitle = (index: number): ListSpaceKey =>
  WIZARD_STEPS[index]?.title ?? 'listSpace.steps.review';

/** The index of the step holding a form field; undefined for a field no step holds. */
export function stepOfField(field: string): number | undefined {
  const index = WIZARD_STEPS.findIndex((s) => (s.fields as string[]).includes(field));
  return index === -1 ? undefined : index;
}
