import { FileText } from 'lucide-react';
import { DocumentList } from '#web/components/document-list.tsx';
import { DocumentRow } from '#web/components/document-row.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { getHostInvoices } from '../api/host-invoices.ts';

/**
 * The host's documents under their earnings (issue 33): what HourSpace issued on their behalf to
 * their renters and its monthly fee invoices to them, newest first, twenty at a time — each with
 * its kind, number, date (Riyadh), total and VAT, and "View" and "PDF".
 */
export function HostDocuments() {
  const { t } = useTranslation();
  const pages = useKeysetPages('host', getHostInvoices);
  return (
    <section
      aria-labelledby="host-documents-title"
      className="flex flex-col gap-3"
      data-testid="host-documents"
    >
      <h3 id="host-documents-title" className="flex items-center gap-2 text-lg font-bold text-ink">
        <FileText aria-hidden className="size-5 text-brand-700" />
        {t('invoices.host.title')}
      </h3>
      <p className="text-sm text-muted">{t('invoices.host.intro')}</p>
      <DocumentList
        pages={pages}
        loading={t('invoices.host.loading')}
        failed={t('invoices.host.error')}
        empty={t('invoices.host.empty')}
      >
        {(items) =>
          items.map((doc) => (
            <DocumentRow
              key={doc.id}
              testId="host-document"
              document={doc}
              kind={t(`invoices.kind.${doc.kind}`)}
            />
          ))
        }
      </DocumentList>
    </section>
  );
}
