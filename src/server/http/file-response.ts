import { z } from 'zod';

/**
 * The response schema of a route that answers a file rather than JSON (an image, a calendar):
 * its content types, for the OpenAPI document. The body is sent as it is, never serialised.
 */
export const fileResponse = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    contentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
});
