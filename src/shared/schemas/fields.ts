import { z } from 'zod';
import { fieldRule } from '../message-codes.ts';

/**
 * Field builders shared by every form and request schema. Their messages are `fields.*` keys
 * (src/shared/messages.ts), translated in the browser and in API answers alike.
 */
const missingOrWrongType = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? fieldRule('required') : fieldRule('invalid');

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: missingOrWrongType })
    .trim()
    .min(1, { error: fieldRule('required') })
    .max(max, { error: fieldRule('tooLong') });

/** One practical rule for addresses: something@something.tld, no spaces, at most 254 characters. */
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

export const emailField = () =>
  z
    .string({ error: missingOrWrongType })
    .trim()
    .min(1, { error: fieldRule('required') })
    .max(254, { error: fieldRule('tooLong') })
    .regex(EMAIL_PATTERN, { error: fieldRule('email') })
    .transform((email) => email.toLowerCase());
