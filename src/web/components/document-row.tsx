import type { ReactNode } from 'react';
import { formatDateTime, formatPrice } from '#shared/format.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { DocumentLinks } from '#web/components/document-links.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** What every list shows of one document. */
export interface DocumentSummary {
  id: string;
  number: string;
  issuedAt: string;
  totalHalalas: number;
  /** Given: the total and its VAT on a line of their own (the `invoices` text section's words). */
  vatHalalas?: number;
  bookingReference?: string | null;
}

/**
 * One e-invoice document in a list (My bookings, the host's documents, the admin desk): its kind
 * and number, its date in Riyadh, its amount, its booking, and "View" and "PDF". `kind` comes
 * from the screen's own text section, and the links' words too when it gives them (else the
 * `invoices` section's); `status` sits beside the number,
 * `actions` beside the links, `children` under it all. `line`: a row inside a booking's box.
 */
export function DocumentRow({
  document: doc,
  kind,
  links,
  variant = 'card',
  status,
  actions,
  children,
  testId,
}: {
  document: DocumentSummary;
  kind: string;
  links?: { view: string; pdf: string; newTab: string };
  variant?: 'card' | 'line';
  status?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const date = formatDateTime(new Date(doc.issuedAt), locale);
  const name = `${kind} ${doc.number}`;
  return (
    <li
      aria-label={name}
      data-testid={testId}
      className={cn(
        'flex flex-col gap-3',
        variant === 'card'
          ? 'rounded-2xl border border-sand-200 bg-white p-4'
          : 'border-t border-sand-200 pt-2 first:border-t-0 first:pt-0',
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1 text-sm">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-bold text-ink">
            <span>
              {kind}{' '}
              <bdi dir="ltr" className="font-mono text-xs whitespace-nowrap">
                {doc.number}
              </bdi>
            </span>
            {status}
          </p>
          {doc.vatHalalas === undefined ? (
            <p className="text-xs text-muted">
              {date} · {formatPrice(doc.totalHalalas, locale)}
            </p>
          ) : (
            <>
              <p className="text-muted">{date}</p>
              <p className="font-semibold text-ink">
                {doc.vatHalalas > 0
                  ? t('invoices.amounts', {
                      total: formatPrice(doc.totalHalalas, locale),
                      vat: formatPrice(doc.vatHalalas, locale),
                    })
                  : t('invoices.amountsNoVat', { total: formatPrice(doc.totalHalalas, locale) })}
              </p>
            </>
          )}
          {doc.bookingReference && <BookingReference reference={doc.bookingReference} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DocumentLinks
            id={doc.id}
            name={name}
            {...(links ?? {
              view: t('invoices.view'),
              pdf: t('invoices.pdf'),
              newTab: t('invoices.newTab'),
            })}
          />
          {actions}
        </div>
      </div>
      {children}
    </li>
  );
}
