import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';

/** The contact form (docs/product-spec.md §5: name, email, message required). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 2000;

export const contactMessageSchema = z.object({
  name: requiredText(CONTACT_NAME_MAX),
  email: emailField(),
  message: requiredText(CONTACT_MESSAGE_MAX),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
