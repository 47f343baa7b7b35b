import { FileText } from 'lucide-react';
import { DocumentRow } from '#web/components/document-row.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import type { BookingDocument } from '#shared/schemas/invoices.ts';

/**
 * A paid booking's documents in My bookings (issue 33): its simplified tax invoice or receipt and
 * any credit notes, each with its number, date (Riyadh), amount, and "View" and "PDF".
 */
export function BookingDocuments({ documents }: { documents: BookingDocument[] }) {
  const { t } = useTranslation();
  if (documents.length === 0) return null;
  const links = {
    view: t('account.bookings.documents.view'),
    pdf: t('account.bookings.documents.pdf'),
    newTab: t('account.bookings.documents.newTab'),
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-sand-50 p-3" data-testid="booking-documents">
      <h3 className="flex items-center gap-1.5 text-sm font-bold text-ink">
        <FileText aria-hidden className="size-4 text-brand-700" />
        {t('account.bookings.documents.title')}
      </h3>
      <ul className="flex flex-col gap-2">
        {documents.map((doc) => (
          <DocumentRow
            key={doc.id}
            testId="booking-document"
            variant="line"
            document={doc}
            kind={t(`account.bookings.documents.kind.${doc.kind}`)}
            links={links}
          />
        ))}
      </ul>
    </div>
  );
}
