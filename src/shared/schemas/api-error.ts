import { z } from 'zod';
import { ERROR_CODES } from '../message-codes.ts';

/**
 * Every API error: `{ error: { code, message, fields? } }` (docs/architecture.md, API
 * conventions).
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.union([z.enum(ERROR_CODES), z.string()]),
    message: z.string(),
    /** field path (`email`, `items.0.name`) → message in the request's language */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
