import type {
  InvoicingDetailsInput,
  InvoicingDetailsResponse,
} from '#shared/schemas/invoicing-details.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/host/invoicing-details — the host's details (or null), VAT listings, documents without an address. */
export const getInvoicingDetails = (signal?: AbortSignal) =>
  apiFetch<InvoicingDetailsResponse>('/api/host/invoicing-details', { signal });

/** PUT /api/host/invoicing-details — saves them (the server checks them again). */
export const saveInvoicingDetails = (input: InvoicingDetailsInput) =>
  apiFetch<InvoicingDetailsResponse>('/api/host/invoicing-details', { method: 'PUT', body: input });
