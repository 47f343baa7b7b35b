import { z } from 'zod';
import { fieldRule } from '../message-codes.ts';
import { checkBlockTimes } from '../domain/space-blocks.ts';
import { requiredText } from './fields.ts';

/**
 * The host's blocked times (issue 17): `/api/me/spaces/:id/blocks` lists, adds and removes them.
 * A block is shown busy on the booking form and refuses any confirm over it.
 */
export const BLOCK_NOTE_MAX = 200;

export const createBlockSchema = z
  .object({
    date: requiredText(10),
    startTime: requiredText(8),
    endTime: requiredText(8),
    /** for the host only ("Family event"); renters see just "busy" */
    note: z
      .string({ error: fieldRule('invalid') })
      .trim()
      .max(BLOCK_NOTE_MAX, { error: fieldRule('tooLong') })
      .nullish()
      .transform((note) => note || null),
  })
  .superRefine((value, ctx) => {
    for (const [path, rule] of Object.entries(checkBlockTimes(value))) {
      ctx.addIssue({ code: 'custom', path: [path], message: fieldRule(rule) });
    }
  });
export type CreateBlockInput = z.input<typeof createBlockSchema>;
export type CreateBlock = z.output<typeof createBlockSchema>;

export const spaceBlockSchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD and HH:mm, Asia/Riyadh wall clock */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  note: z.string().nullable(),
});
export type SpaceBlock = z.infer<typeof spaceBlockSchema>;

export const spaceBlocksSchema = z.object({ items: z.array(spaceBlockSchema) });

export const blockParamsSchema = z.object({
  id: z.string().max(200),
  blockId: z.string().max(200),
});
