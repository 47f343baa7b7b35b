import { FileText } from 'lucide-react';
import { formatDateTime, formatPrice } from '#shared/format.ts';
import { DocumentLinks } from '#web/components/document-links.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import type { BookingDocument } from '#shared/schemas/invoices.ts';

/**
 * A paid booking's documents in My bookings (issue 33): its simplified tax invoice or receipt and
 * any credit notes, each with its number, date (Riyadh), amount, and "View" and "PDF".
 */
export function BookingDocuments({ documents }: { documents: BookingDocument[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (documents.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-sand-50 p-3" data-testid="booking-documents">
      <h3 className="flex items-center gap-1.5 text-sm font-bold text-ink">
        <FileText aria-hidden className="size-4 text-brand-700" />
        {t('account.bookings.documents.title')}
      </h3>
      <ul className="flex flex-col gap-2">
        {documents.map((doc) => {
          const kind = t(`account.bookings.documents.kind.${doc.kind}`);
          return (
            <li
              key={doc.id}
              data-testid="booking-document"
              className="flex flex-col gap-2 border-t border-sand-200 pt-2 first:border-t-0 first:pt-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="flex flex-col gap-0.5 text-sm">
                <span className="font-semibold text-ink">
                  {kind}{' '}
                  <bdi dir="ltr" className="font-mono text-xs whitespace-nowrap">
                    {doc.number}
                  </bdi>
                </span>
                <span className="text-xs text-muted">
                  {formatDateTime(new Date(doc.issuedAt), locale)} ·{' '}
                  {formatPrice(doc.totalHalalas, locale)}
                </span>
              </span>
              <DocumentLinks
                id={doc.id}
                name={`${kind} ${doc.number}`}
                view={t('account.bookings.documents.view')}
                pdf={t('account.bookings.documents.pdf')}
                newTab={t('account.bookings.documents.newTab')}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
