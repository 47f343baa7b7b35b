import { z } from 'zod';
import { DECISION_MODES } from '../domain/booking-lifecycle.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * Hosts decide their own requests (issue 35, decision 058): the host's confirm, decline and
 * cancel, the space's decision mode, and the modes the admin opens to a host.
 */

const reasonText = z
  .string({ error: fieldRule('required') })
  .trim()
  .max(500, { error: fieldRule('tooLong') });

/** POST /api/host/bookings/:id/decline — the reason is optional (the renter reads it). */
export const hostDeclineSchema = z
  .object({ reason: reasonText.optional() })
  .nullish()
  .transform((body) => ({ reason: body?.reason ? body.reason : undefined }));

/** POST /api/host/bookings/:id/cancel — a confirmed booking the host cannot host: a reason. */
export const hostCancelSchema = z.object({
  reason: reasonText.min(1, { error: fieldRule('required') }),
});
export type HostCancelInput = z.input<typeof hostCancelSchema>;

/** PUT /api/host/spaces/:id/decision-mode */
export const decisionModeSchema = z.object({
  mode: z.enum(DECISION_MODES, { error: fieldRule('notOneOf') }),
});
export type DecisionModeInput = z.input<typeof decisionModeSchema>;

export const decisionModeResponseSchema = z.object({
  id: z.string(),
  decisionMode: z.enum(DECISION_MODES),
  allowedModes: z.array(z.enum(DECISION_MODES)),
});
export type DecisionModeResponse = z.infer<typeof decisionModeResponseSchema>;

/** PUT /api/admin/hosts/:id/decision-modes — `admin` is always among them. */
export const hostDecisionModesSchema = z.object({
  modes: z
    .array(z.enum(DECISION_MODES, { error: fieldRule('notOneOf') }))
    .max(DECISION_MODES.length, { error: fieldRule('invalid') }),
});
export type HostDecisionModesInput = z.input<typeof hostDecisionModesSchema>;

/**
 * The host's record on the admin desk: what they may use, what their spaces received, and how
 * they decided — the decline rate is `hostDeclines` of their own decisions (`declineRate`).
 */
export const hostRecordSchema = z.object({
  id: z.string(),
  decisionModes: z.array(z.enum(DECISION_MODES)),
  /** requests their spaces received, whatever became of them */
  requests: z.number().int(),
  /** bookings of their spaces confirmed (by anyone), completed ones included */
  confirmedBookings: z.number().int(),
  /** requests they confirmed themself (hostConfirm) */
  hostConfirms: z.number().int(),
  /** requests they declined themself (hostDecline) */
  hostDeclines: z.number().int(),
  /** confirmed bookings of their spaces they cancelled themself (hostCancel) */
  hostCancellations: z.number().int(),
});
export type HostRecord = z.infer<typeof hostRecordSchema>;

export const hostDecisionResponseSchema = z.object({
  booking: z.object({ id: z.string(), status: z.string() }),
});
