import type { HostInvoices } from '#shared/schemas/invoices.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/host/invoices — newest first, twenty a page; `cursor` reads the next page. */
export const getHostInvoices = (cursor: string | null, signal?: AbortSignal) =>
  apiFetch<HostInvoices>(
    cursor ? `/api/host/invoices?cursor=${encodeURIComponent(cursor)}` : '/api/host/invoices',
    { signal },
  );
