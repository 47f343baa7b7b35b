/**
 * The printable invoice (issue 33): one HTML page, Arabic and English side by side as Saudi
 * invoices are, with the ZATCA QR code drawn as SVG (qr-code.ts) so that any phone scans it.
 * Everything comes from the stored document (never recomputed), so the page says what the XML
 * says. Self-contained: inline CSS, no script, prints on A4.
 */
import type { BusinessIdentity } from '#server/business-identity.ts';
import type { InvoiceRow } from './issue-documents.ts';
import { LTR_RUN } from './ltr-runs.ts';
import { encodeQr, qrSvg } from './qr-code.ts';
import { riyadhDateTime, type InvoiceParty } from './ubl.ts';
import { riyals } from './xml-text.ts';

/** Pixels per QR module on screen: whole pixels, so no module falls between two. */
export const INVOICE_QR_MODULE_PX = 3;

/**
 * A line (Arabic above all) holds Latin runs (a booking reference, a date and times): each is isolated
 * left to right and kept on one line, so the bidirectional order never splits `HS-…` at its
 * hyphen or mirrors its brackets across a line break.
 */
const withRuns = (s: string) =>
  esc(s).replace(LTR_RUN, (run) => `<bdi dir="ltr" class="run">${run}</bdi>`);

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface StoredLine {
  description: { ar: string; en: string };
  hours: string;
  netHalalas: number;
  vatHalalas: number;
}

function title(row: InvoiceRow): { ar: string; en: string } {
  switch (row.kind) {
    case 'credit_note':
      return { ar: 'إشعار دائن', en: 'Credit note' };
    case 'receipt':
      return { ar: 'إيصال', en: 'Receipt' };
    default:
      return row.standard
        ? { ar: 'فاتورة ضريبية', en: 'Tax invoice' }
        : { ar: 'فاتورة ضريبية مبسطة', en: 'Simplified tax invoice' };
  }
}

/** A label in both languages: Arabic at the start, English at the end of its row. */
const pair = (ar: string, en: string, value: string) =>
  `<tr><th scope="row" lang="ar">${esc(ar)}</th><td>${value}</td><th scope="row" lang="en" dir="ltr">${esc(en)}</th></tr>`;

const money = (halalas: number) => `<span dir="ltr">${riyals(halalas)} SAR</span>`;

function address(p: InvoiceParty): string {
  const a = p.address;
  if (!a) return '—';
  return withRuns(
    `${a.buildingNumber} ${a.street}، ${a.district}، ${a.city} ${a.postalCode}${a.additionalNumber ? `-${a.additionalNumber}` : ''}`,
  );
}

export function renderPrintableInvoice(
  row: InvoiceRow,
  opts: {
    originalNumber?: string | null;
    /** HourSpace as the platform that issues the document (decision 067): on every document */
    business?: BusinessIdentity;
  } = {},
): string {
  const t = title(row);
  const seller = row.seller as InvoiceParty;
  const buyer = row.buyer as InvoiceParty | null;
  const lines = row.lines as StoredLine[];
  const { date, time } = riyadhDateTime(row.issuedAt);
  const onBehalf = row.issuerKey.startsWith('vat:');
  const qr = row.qr
    ? qrSvg(
        encodeQr(row.qr),
        INVOICE_QR_MODULE_PX,
        'رمز الاستجابة السريعة للفاتورة — invoice QR code',
      ).replace('<svg ', '<svg data-testid="invoice-qr" ')
    : '';
  const b = opts.business;
  // A booking's document (invoice, receipt or its credit note) is the host's, issued by HourSpace
  // on their behalf; a fee invoice is HourSpace's own.
  const forHost = row.kind !== 'fee_invoice' && !row.issuerKey.startsWith('hourspace');
  const issuedBy = b
    ? `<footer class="issuer"><p lang="ar">${forHost ? 'أصدرتها نيابةً عن البائع' : 'المُصدِر'}: ${esc(b.legalName.ar)} · سجل تجاري <span dir="ltr">${esc(b.commercialRegistration)}</span> · الرقم الضريبي <span dir="ltr">${esc(b.vatNumber)}</span> · ${withRuns(b.nationalAddress.ar)}</p><p lang="en" dir="ltr">${forHost ? 'Issued on the seller’s behalf by' : 'Issued by'}: ${esc(b.legalName.en)} · CR ${esc(b.commercialRegistration)} · VAT ${esc(b.vatNumber)} · ${esc(b.nationalAddress.en)} · ${esc(b.email)} · ${esc(b.phone)}</p></footer>`
    : '';
  const rows = [
    pair('رقم المستند', 'Number', `<span dir="ltr">${esc(row.number)}</span>`),
    pair('تاريخ ووقت الإصدار', 'Issued (Riyadh time)', `<span dir="ltr">${date} ${time}</span>`),
    row.supplyDate
      ? pair('تاريخ التوريد', 'Date of supply', `<span dir="ltr">${row.supplyDate}</span>`)
      : '',
    opts.originalNumber
      ? pair(
          'الفاتورة الأصلية',
          'Original invoice',
          `<span dir="ltr">${esc(opts.originalNumber)}</span>`,
        )
      : '',
    pair('البائع', 'Seller', esc(seller.name)),
    seller.nameEn
      ? pair(
          'اسم البائع بالإنجليزية',
          'Seller name (English)',
          `<span lang="en" dir="ltr">${esc(seller.nameEn)}</span>`,
        )
      : '',
    seller.vatNumber
      ? pair(
          'الرقم الضريبي للبائع',
          'Seller VAT number',
          `<span dir="ltr">${esc(seller.vatNumber)}</span>`,
        )
      : pair(
          'ضريبة القيمة المضافة',
          'VAT',
          'البائع غير مسجل في ضريبة القيمة المضافة — not VAT-registered',
        ),
    seller.crNumber
      ? pair(
          'السجل التجاري',
          'Commercial registration',
          `<span dir="ltr">${esc(seller.crNumber)}</span>`,
        )
      : '',
    pair('العنوان الوطني', 'National address', address(seller)),
    buyer ? pair('المشتري', 'Buyer', esc(buyer.name)) : '',
    buyer?.vatNumber
      ? pair(
          'الرقم الضريبي للمشتري',
          'Buyer VAT number',
          `<span dir="ltr">${esc(buyer.vatNumber)}</span>`,
        )
      : '',
  ].join('');
  const lineRows = lines
    .map(
      (l) =>
        `<tr><td><span lang="ar">${withRuns(l.description.ar)}</span><br><span lang="en" dir="ltr">${withRuns(l.description.en)}</span></td><td dir="ltr">${esc(l.hours)}</td><td>${money(l.netHalalas)}</td><td>${money(l.vatHalalas)}</td><td>${money(l.netHalalas + l.vatHalalas)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t.ar)} ${esc(row.number)} — ${esc(t.en)}</title>
<style>
body{font-family:"IBM Plex Sans Arabic","IBM Plex Sans",Tahoma,sans-serif;margin:0;padding:24px;color:#111;background:#fff}
main{max-width:820px;margin-inline:auto}
header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;gap:16px;border-block-end:2px solid #111;padding-block-end:12px}
header svg{max-width:calc(100vw - 48px);height:auto;flex:none}
@media print{header svg{width:50mm}}
.scroll{overflow-x:auto}
.run{white-space:nowrap}
@media (max-width:600px){body{padding:12px}.lines{font-size:.85rem}th,td{padding:4px}}
h1{font-size:1.4rem;margin:0}
h1 span{display:block;font-size:1rem;font-weight:500}
.note{margin-block:12px;padding:8px 12px;background:#f3f4f6;border-radius:6px}
table{width:100%;border-collapse:collapse;margin-block:12px}
th,td{padding:6px 8px;border-block-end:1px solid #ddd;text-align:start;vertical-align:top}
th[lang=en]{text-align:end;font-weight:500;color:#444}
.lines th{background:#f3f4f6}
.totals td{font-weight:600}
.issuer{margin-block-start:16px;padding-block-start:8px;border-block-start:1px solid #ddd;font-size:.85rem;color:#333}
.issuer p{margin-block:4px}
@media print{body{padding:0}}
</style></head>
<body><main>
<header><h1>${esc(t.ar)}<span lang="en" dir="ltr">${esc(t.en)}</span></h1>${qr}</header>
${onBehalf ? `<p class="note">صادرة من منصة مساحة بالساعة نيابةً عن البائع · <span lang="en" dir="ltr">Issued by the HourSpace platform on behalf of the seller</span></p>` : ''}
<table>${rows}</table>
<div class="scroll"><table class="lines"><thead><tr><th>الوصف · <span lang="en">Description</span></th><th>الساعات · <span lang="en">Hours</span></th><th>قبل الضريبة · <span lang="en">Before VAT</span></th><th>الضريبة 15% · <span lang="en">VAT 15%</span></th><th>الإجمالي · <span lang="en">Total</span></th></tr></thead>
<tbody>${lineRows}</tbody></table></div>
<table class="totals">
${pair('الإجمالي قبل الضريبة', 'Total before VAT', money(row.netHalalas))}
${pair('ضريبة القيمة المضافة', 'VAT', money(row.vatHalalas))}
${pair('الإجمالي شاملاً الضريبة', 'Total including VAT', money(row.totalHalalas))}
</table>
${issuedBy}
</main></body></html>`;
}
