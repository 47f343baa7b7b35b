import { z } from 'zod';
import { checkSaudiIban } from '../domain/iban.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * Money in the Hosting area and on the admin desk (issue 32): the host's payout account, their
 * earnings, the admins' payouts. Amounts are whole halalas (decision 054).
 */

const halalas = z.number().int();

// ── The host's payout account: PUT/GET /api/host/payout-account ──

/** The IBAN as typed (spaces, dashes, Arabic digits allowed) → 24 characters, mod-97 checked. */
export const ibanField = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? fieldRule('required')
          : fieldRule('iban'),
    })
    .max(64, { error: fieldRule('iban') })
    .transform((typed, ctx) => {
      const checked = checkSaudiIban(typed);
      if (!checked.ok) {
        ctx.addIssue({
          code: 'custom',
          message: typed.trim() === '' ? fieldRule('required') : fieldRule(checked.rule),
        });
        return z.NEVER;
      }
      return checked.iban;
    });

export const payoutAccountSchema = z.object({
  iban: ibanField(),
  /** the name on the bank account, which the bank's transfer file names */
  holderName: z
    .string({ error: fieldRule('holderName') })
    .trim()
    .min(2, { error: fieldRule('holderName') })
    .max(70, { error: fieldRule('holderName') }),
});
export type PayoutAccountInput = z.input<typeof payoutAccountSchema>;

export const payoutAccountResponseSchema = z.object({
  /** null: the host has given no IBAN yet (payouts wait for one) */
  account: z
    .object({
      /** never the whole IBAN once saved: SA•• •••• •••• •••• •••• 7519 */
      ibanMasked: z.string(),
      holderName: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;

// ── Host earnings: GET /api/host/earnings ──

/** What a booking, a month or the whole account moved, from the ledger's entries. */
export const earningsFiguresSchema = z.object({
  /** what renters paid */
  paidHalalas: halalas,
  /** what was refunded to them */
  refundedHalalas: halalas,
  /** HourSpace's fee with its VAT, on what was kept */
  feeHalalas: halalas,
  /** the host's share: paid − refunded − fee */
  earnedHalalas: halalas,
  /** sent to the host's bank */
  paidOutHalalas: halalas,
  /** still owed to the host: earned − paid out */
  owedHalalas: halalas,
});
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

export const hostEarningsSchema = z.object({
  totals: earningsFiguresSchema,
  /** by the month of the booking's date (Riyadh), newest first: YYYY-MM */
  months: z.array(earningsFiguresSchema.extend({ month: z.string() })),
  /** each booking with money recorded, newest booking first */
  bookings: z.array(
    earningsFiguresSchema.extend({
      bookingId: z.string(),
      reference: z.string(),
      spaceNameAr: z.string().nullable(),
      spaceNameEn: z.string().nullable(),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
    }),
  ),
  /** HourSpace's fee in percent, for the screen's explanation (VAT comes on top) */
  feePercent: z.number(),
});
export type HostEarnings = z.infer<typeof hostEarningsSchema>;

// ── Payouts: /api/admin/payouts ──

export const payoutDueSchema = z.object({
  /** bookings that ended by this moment are paid (their end + the hold, decision 055) */
  cutoff: z.string(),
  totalHalalas: halalas,
  hosts: z.array(
    z.object({
      hostId: z.string(),
      hostName: z.string(),
      /** null: no IBAN yet, so not paid in this run */
      ibanMasked: z.string().nullable(),
      amountHalalas: halalas,
      bookings: z.number().int(),
    }),
  ),
});
export type PayoutDue = z.infer<typeof payoutDueSchema>;

export const payoutSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  cutoff: z.string(),
  totalHalalas: halalas,
  transfers: z.number().int(),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

export const payoutListSchema = z.object({ items: z.array(payoutSummarySchema) });
export const payoutCreatedSchema = z.object({ payout: payoutSummarySchema });
export const payoutParamsSchema = z.object({
  id: z.uuid({ error: fieldRule('invalid') }),
});
