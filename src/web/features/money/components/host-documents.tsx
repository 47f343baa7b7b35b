import { FileText } from 'lucide-react';
import { formatDateTime, formatPrice } from '#shared/format.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { DocumentLinks } from '#web/components/document-links.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { getHostInvoices } from '../api/host-invoices.ts';

/**
 * The host's documents under their earnings (issue 33): what HourSpace issued on their behalf to
 * their renters and its monthly fee invoices to them, newest first, twenty at a time — each with
 * its kind, number, date (Riyadh), total and VAT, and "View" and "PDF".
 */
export function HostDocuments() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { state, more, loadMore, reload } = useKeysetPages('host', getHostInvoices);
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
      {state.status === 'loading' && (
        <p role="status" className="text-muted">
          {t('invoices.host.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('invoices.host.error')}</p>
          <Button variant="outline" size="sm" onClick={reload}>
            {t('invoices.retryLoad')}
          </Button>
        </div>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-muted">
          {t('invoices.host.empty')}
        </p>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-2">
            {state.items.map((doc) => {
              const kind = t(`invoices.kind.${doc.kind}`);
              return (
                <li
                  key={doc.id}
                  data-testid="host-document"
                  className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex flex-col gap-1 text-sm">
                    <p className="font-bold text-ink">
                      {kind}{' '}
                      <bdi dir="ltr" className="font-mono text-xs whitespace-nowrap">
                        {doc.number}
                      </bdi>
                    </p>
                    <p className="text-muted">{formatDateTime(new Date(doc.issuedAt), locale)}</p>
                    <p className="font-semibold text-ink">
                      {doc.vatHalalas > 0
                        ? t('invoices.amounts', {
                            total: formatPrice(doc.totalHalalas, locale),
                            vat: formatPrice(doc.vatHalalas, locale),
                          })
                        : t('invoices.amountsNoVat', {
                            total: formatPrice(doc.totalHalalas, locale),
                          })}
                    </p>
                    {doc.bookingReference && <BookingReference reference={doc.bookingReference} />}
                  </div>
                  <DocumentLinks
                    id={doc.id}
                    name={`${kind} ${doc.number}`}
                    view={t('invoices.view')}
                    pdf={t('invoices.pdf')}
                    newTab={t('invoices.newTab')}
                  />
                </li>
              );
            })}
          </ul>
          {state.nextCursor && (
            <div className="flex flex-col items-center gap-2">
              <Button variant="outline" onClick={loadMore} disabled={more === 'loading'}>
                {t(more === 'loading' ? 'invoices.moreLoading' : 'invoices.more')}
              </Button>
              {more === 'error' && (
                <p role="alert" className="text-sm text-red-800">
                  {t('invoices.moreFailed')}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
