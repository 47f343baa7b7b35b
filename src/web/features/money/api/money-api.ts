import type {
  HostEarnings,
  PayoutAccountInput,
  PayoutAccountResponse,
  PayoutDue,
  PayoutSummary,
} from '#shared/schemas/money.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/host/earnings — the signed-in host's earnings, summed from the ledger. */
export const getEarnings = (signal?: AbortSignal) =>
  apiFetch<HostEarnings>('/api/host/earnings', { signal });

/** GET /api/host/payout-account — their IBAN, masked, or null. */
export const getPayoutAccount = (signal?: AbortSignal) =>
  apiFetch<PayoutAccountResponse>('/api/host/payout-account', { signal });

/** PUT /api/host/payout-account — saves the IBAN (the server checks it again). */
export const savePayoutAccount = (input: PayoutAccountInput) =>
  apiFetch<PayoutAccountResponse>('/api/host/payout-account', { method: 'PUT', body: input });

/** GET /api/admin/payouts/due — what a payout run would pay now. */
export const getPayoutDue = (signal?: AbortSignal) =>
  apiFetch<PayoutDue>('/api/admin/payouts/due', { signal });

/** GET /api/admin/payouts — the payouts made, newest first. */
export const getPayouts = (signal?: AbortSignal) =>
  apiFetch<{ items: PayoutSummary[] }>('/api/admin/payouts', { signal });

/** POST /api/admin/payouts — pays what is due, in one transaction. */
export const runPayout = () =>
  apiFetch<{ payout: PayoutSummary }>('/api/admin/payouts', { method: 'POST' });

/** The bank's file of a payout (a download link, not a fetch). */
export const payoutCsvUrl = (id: string) => `/api/admin/payouts/${id}/transfers.csv`;
