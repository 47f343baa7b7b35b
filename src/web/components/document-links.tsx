import { Download, ExternalLink } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/** The printable invoice, receipt or credit note (GET /api/invoices/:id, decision 064). */
export const invoiceHref = (id: string) => `/api/invoices/${encodeURIComponent(id)}`;
/** Its PDF, served as an attachment named after the document's number. */
export const invoicePdfHref = (id: string) => `${invoiceHref(id)}/pdf`;

const LINK =
  'inline-flex h-9 items-center gap-1.5 rounded-lg border border-sand-200 bg-white px-3 text-sm font-semibold text-brand-700 transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * "View" (the printable page, in a new tab) and "PDF" (a download) of one document. The words come
 * from the screen that shows them (each feature's own text section); `name` ("Credit note
 * CRN-000002") is read after each link's word by screen readers, so ten "View" links on one page
 * still say which document each opens.
 */
export function DocumentLinks({
  id,
  name,
  view,
  pdf,
  newTab,
  className,
}: {
  id: string;
  name: string;
  view: string;
  pdf: string;
  /** "(opens in a new tab)", for screen readers */
  newTab: string;
  className?: string;
}) {
  return (
    <span className={cn('flex flex-wrap items-center gap-2', className)}>
      <a href={invoiceHref(id)} target="_blank" rel="noreferrer" className={LINK}>
        <ExternalLink aria-hidden className="size-4" />
        {`${view} `}
        <span className="sr-only">{`${name} ${newTab}`}</span>
      </a>
      <a href={invoicePdfHref(id)} download className={LINK}>
        <Download aria-hidden className="size-4" />
        {`${pdf} `}
        <span className="sr-only">{name}</span>
      </a>
    </span>
  );
}
