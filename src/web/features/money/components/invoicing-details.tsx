import { ReceiptText, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { detailsApplyTo } from '#shared/domain/seller-details.ts';
import { formatCount } from '#shared/format-count.ts';
import type { InvoicingDetailsResponse } from '#shared/schemas/invoicing-details.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { getInvoicingDetails } from '../api/invoicing-details.ts';
import { InvoicingDetailsForm, startingValues } from './invoicing-details-form.tsx';
import { MoneySection } from './money-section.tsx';
import { useLoaded } from './use-loaded.ts';

type Details = NonNullable<InvoicingDetailsResponse['details']>;

/** The saved details as the invoice prints them: the name, the numbers, the address. */
function SavedDetails({ details }: { details: Details }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('money.invoicing.sellerName'), <bdi>{details.legalNameAr}</bdi>],
    ...(details.legalNameEn
      ? [
          [t('money.invoicing.legalNameEn'), <bdi>{details.legalNameEn}</bdi>] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    [t('money.invoicing.vatNumber'), <bdi>{details.vatNumber}</bdi>],
    ...(details.crNumber
      ? [[t('money.invoicing.crNumber'), <bdi>{details.crNumber}</bdi>] as [string, ReactNode]]
      : []),
    [
      t('money.invoicing.address'),
      // After Arabic letters "12643-2121" would read "2121-12643" (its digits become Arabic
      // numbers, which a hyphen does not join): the postal code and additional number isolated.
      <bdi>
        {`${details.buildingNumber} ${details.street}، ${details.district}، ${details.city} `}
        <bdi dir="ltr">{`${details.postalCode}-${details.additionalNumber}`}</bdi>
      </bdi>,
    ],
  ];
  return (
    <dl data-testid="invoicing-saved" className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-muted">{label}</dt>
          <dd className="font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The host's tax invoice details in the Hosting area (issue 33, decision 074): the seller on the
 * invoices HourSpace issues on their behalf. A VAT-registered host without them, or with a
 * listing whose VAT number is another, is told what their invoices lack; documents already
 * issued without an address are counted (they never change).
 */
export function InvoicingDetails() {
  const { t, i18n } = useTranslation();
  const loaded = useLoaded(getInvoicingDetails);
  const [answer, setAnswer] = useState<InvoicingDetailsResponse | null>(null);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const data = answer ?? loaded.data;
  const details = data?.details ?? null;
  const vatListings = data?.vatListings ?? [];
  const mismatched = details
    ? vatListings.filter((l) => !detailsApplyTo(details, l.vatNumber))
    : [];
  const listingName = (l: (typeof vatListings)[number]) =>
    (i18n.language === 'ar' ? l.nameAr || l.nameEn : l.nameEn || l.nameAr) ?? '';
  const showForm = editing || (data !== null && !details && vatListings.length > 0);

  return (
    <MoneySection
      id="invoicing-title"
      testId="invoicing-details"
      icon={ReceiptText}
      title={t('money.invoicing.title')}
      intro={t('money.invoicing.intro')}
      loading={loaded.loading}
    >
      {loaded.error && (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="font-semibold text-red-800">{t('money.invoicing.loadError')}</p>
          <Button variant="outline" size="sm" onClick={loaded.reload}>
            {t('account.bookings.retry')}
          </Button>
        </div>
      )}
      {data && (
        <Warnings
          missing={!details && vatListings.length > 0}
          mismatched={mismatched.map(listingName)}
          documentsWithoutAddress={
            data.documentsWithoutAddress > 0
              ? formatCount(data.documentsWithoutAddress, 'documents', i18n.language)
              : null
          }
        />
      )}
      {data && !details && vatListings.length === 0 && !editing && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-ink">{t('money.invoicing.notRegistered')}</p>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {t('money.invoicing.add')}
          </Button>
        </div>
      )}
      {details && !editing && (
        <div className="flex flex-col items-start gap-3">
          <SavedDetails details={details} />
          {saved && (
            <p role="status" className="text-sm font-semibold text-brand-700">
              {t('money.invoicing.saved')}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setEditing(true);
              setSaved(false);
            }}
          >
            {t('money.invoicing.change')}
          </Button>
        </div>
      )}
      {showForm && data && (
        <InvoicingDetailsForm
          initial={startingValues(details, vatListings[0]?.vatNumber ?? null)}
          onSaved={(next) => {
            setAnswer(next);
            setEditing(false);
            setSaved(true);
          }}
          onCancel={details || vatListings.length === 0 ? () => setEditing(false) : undefined}
        />
      )}
    </MoneySection>
  );
}

/** What the host's invoices lack, said once each. */
function Warnings({
  missing,
  mismatched,
  documentsWithoutAddress,
}: {
  missing: boolean;
  mismatched: string[];
  documentsWithoutAddress: string | null;
}) {
  const { t, i18n } = useTranslation();
  const texts = [
    missing ? t('money.invoicing.missing') : null,
    mismatched.length > 0
      ? t('money.invoicing.mismatch', {
          names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(mismatched),
        })
      : null,
    documentsWithoutAddress
      ? t('money.invoicing.withoutAddress', { documents: documentsWithoutAddress })
      : null,
  ].filter((text): text is string => text !== null);
  if (texts.length === 0) return null;
  return (
    <div
      data-testid="invoicing-warnings"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <ul className="flex flex-col gap-2">
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}
