/**
 * A Saudi e-invoice as UBL 2.1 XML, as ZATCA's data dictionary and XML implementation standard
 * describe it (decision 064): the tax invoice (388) or credit note (381), standard (B2B,
 * cleared) or simplified (B2C, reported), with the invoice counter (ICV), the previous
 * invoice's hash (PIH), seller and buyer, lines, VAT and totals. Pure: amounts in integer
 * halalas in, XML text out. The text is written in canonical form (xml-text.ts), so the
 * invoice hash is a plain SHA-256 of `pureXml` (the document without UBLExtensions, the QR
 * reference and cac:Signature — exactly what ZATCA's transforms remove).
 */
import { el, riyals } from './xml-text.ts';

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

/** A Saudi national address (KSA data dictionary: building number 4 digits, postal code 5). */
export interface NationalAddress {
  street: string;
  buildingNumber: string;
  /** the additional number (4 digits), when known */
  additionalNumber?: string | null;
  district: string;
  city: string;
  postalCode: string;
}

export interface InvoiceParty {
  /** the registered (legal) name (Arabic for a Saudi seller: ZATCA's RegistrationName) */
  name: string;
  /** the registered name in English, printed beside it (not in the XML: one name there) */
  nameEn?: string | null;
  /** 15 digits starting and ending with 3; null for a party not registered for VAT */
  vatNumber: string | null;
  /** commercial registration number (PartyIdentification schemeID CRN), when there is one */
  crNumber?: string | null;
  address: NationalAddress | null;
}

export interface UblLine {
  /** the line's name as printed (one language: ZATCA's Item/Name is a single text) */
  name: string;
  /** hours, as a decimal text ("3", "1.5"); or a count of units with `unitCode` C62 */
  hours: string;
  /** UN/ECE rec 20: HUR hours (the default), C62 one (a fee) */
  unitCode?: 'HUR' | 'C62';
  /** the line before VAT, halalas */
  netHalalas: number;
  /** the VAT of the line, halalas */
  vatHalalas: number;
}

export interface UblDocument {
  /** 388 tax invoice; 381 credit note */
  typeCode: '388' | '381';
  /** standard (B2B: cleared by ZATCA) or simplified (B2C: reported within 24 h) */
  standard: boolean;
  /** issued by HourSpace on the seller's behalf (third-party billing flag of the type name) */
  thirdParty: boolean;
  number: string;
  uuid: string;
  issuedAt: Date;
  icv: number;
  /** base64 of the previous document's hash (ZATCA's starting value for the first) */
  previousHash: string;
  seller: InvoiceParty;
  buyer: InvoiceParty | null;
  /** the date the space was used (KSA-5), Riyadh date YYYY-MM-DD */
  supplyDate: string | null;
  /** UN/ECE 4461: 10 cash, 30 credit transfer, 48 bank card, 1 not defined */
  paymentMeansCode: '1' | '10' | '30' | '48';
  /** credit note: the invoice it corrects and why (KSA-10, BR-KSA-17) */
  billingReference?: { number: string; reason: string };
  notes: { ar: string; en: string }[];
  lines: UblLine[];
}

export const VAT_PERCENT_TEXT = '15.00';

/** The date and time in Riyadh (UTC+3, no daylight saving) as ZATCA's IssueDate and IssueTime. */
export function riyadhDateTime(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 3 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/**
 * The type name's seven flags (KSA-2, NNPNESB): 01 standard / 02 simplified, then third party,
 * nominal, exports, summary, self-billed.
 */
export function invoiceTypeName(doc: Pick<UblDocument, 'standard' | 'thirdParty'>): string {
  return `${doc.standard ? '01' : '02'}${doc.thirdParty ? '1' : '0'}0000`;
}

export function documentTotals(lines: readonly UblLine[]) {
  const netHalalas = lines.reduce((s, l) => s + l.netHalalas, 0);
  const vatHalalas = lines.reduce((s, l) => s + l.vatHalalas, 0);
  return { netHalalas, vatHalalas, totalHalalas: netHalalas + vatHalalas };
}

const sar = [['currencyID', 'SAR']] as const;
const amount = (name: string, halalas: number) => el(name, riyals(halalas), sar);

function party(p: InvoiceParty): string {
  const a = p.address;
  return el('cac:Party', [
    p.crNumber
      ? el('cac:PartyIdentification', [el('cbc:ID', p.crNumber, [['schemeID', 'CRN']])])
      : null,
    a
      ? el('cac:PostalAddress', [
          el('cbc:StreetName', a.street),
          el('cbc:BuildingNumber', a.buildingNumber),
          a.additionalNumber ? el('cbc:PlotIdentification', a.additionalNumber) : null,
          el('cbc:CitySubdivisionName', a.district),
          el('cbc:CityName', a.city),
          el('cbc:PostalZone', a.postalCode),
          el('cac:Country', [el('cbc:IdentificationCode', 'SA')]),
        ])
      : null,
    el('cac:PartyTaxScheme', [
      p.vatNumber ? el('cbc:CompanyID', p.vatNumber) : null,
      el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
    ]),
    el('cac:PartyLegalEntity', [el('cbc:RegistrationName', p.name)]),
  ]);
}

const taxCategory = el('cac:TaxCategory', [
  el('cbc:ID', 'S', [
    ['schemeAgencyID', '6'],
    ['schemeID', 'UN/ECE 5305'],
  ]),
  el('cbc:Percent', VAT_PERCENT_TEXT),
  el('cac:TaxScheme', [
    el('cbc:ID', 'VAT', [
      ['schemeAgencyID', '6'],
      ['schemeID', 'UN/ECE 5153'],
    ]),
  ]),
]);

export interface UblParts {
  /** the root start tag with its namespace declarations */
  open: string;
  /** ProfileID … the PIH reference (before where the QR reference goes) */
  head: string;
  /** the parties … the last line (after cac:Signature) */
  tail: string;
  /** what is hashed: the document without UBLExtensions, QR reference and cac:Signature */
  pureXml: string;
}

export function ublParts(doc: UblDocument): UblParts {
  if (doc.lines.length === 0) throw new RangeError('a document needs at least one line');
  const { date, time } = riyadhDateTime(doc.issuedAt);
  const totals = documentTotals(doc.lines);
  const open = `<Invoice xmlns="${NS.invoice}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}">`;
  const head = [
    el('cbc:ProfileID', 'reporting:1.0'),
    el('cbc:ID', doc.number),
    el('cbc:UUID', doc.uuid),
    el('cbc:IssueDate', date),
    el('cbc:IssueTime', time),
    el('cbc:InvoiceTypeCode', doc.typeCode, [['name', invoiceTypeName(doc)]]),
    ...doc.notes.flatMap((n) => [
      el('cbc:Note', n.ar, [['languageID', 'ar']]),
      el('cbc:Note', n.en, [['languageID', 'en']]),
    ]),
    el('cbc:DocumentCurrencyCode', 'SAR'),
    el('cbc:TaxCurrencyCode', 'SAR'),
    doc.billingReference
      ? el('cac:BillingReference', [
          el('cac:InvoiceDocumentReference', [el('cbc:ID', doc.billingReference.number)]),
        ])
      : '',
    el('cac:AdditionalDocumentReference', [el('cbc:ID', 'ICV'), el('cbc:UUID', String(doc.icv))]),
    el('cac:AdditionalDocumentReference', [
      el('cbc:ID', 'PIH'),
      el('cac:Attachment', [
        el('cbc:EmbeddedDocumentBinaryObject', doc.previousHash, [['mimeCode', 'text/plain']]),
      ]),
    ]),
  ].join('');
  const tail = [
    el('cac:AccountingSupplierParty', [party(doc.seller)]),
    el('cac:AccountingCustomerParty', [
      // A simplified invoice may name no buyer: every child of the customer party is optional.
      doc.buyer ? party(doc.buyer) : null,
    ]),
    doc.supplyDate ? el('cac:Delivery', [el('cbc:ActualDeliveryDate', doc.supplyDate)]) : '',
    el('cac:PaymentMeans', [
      el('cbc:PaymentMeansCode', doc.paymentMeansCode),
      doc.billingReference ? el('cbc:InstructionNote', doc.billingReference.reason) : null,
    ]),
    el('cac:TaxTotal', [
      amount('cbc:TaxAmount', totals.vatHalalas),
      el('cac:TaxSubtotal', [
        amount('cbc:TaxableAmount', totals.netHalalas),
        amount('cbc:TaxAmount', totals.vatHalalas),
        taxCategory,
      ]),
    ]),
    el('cac:TaxTotal', [amount('cbc:TaxAmount', totals.vatHalalas)]),
    el('cac:LegalMonetaryTotal', [
      amount('cbc:LineExtensionAmount', totals.netHalalas),
      amount('cbc:TaxExclusiveAmount', totals.netHalalas),
      amount('cbc:TaxInclusiveAmount', totals.totalHalalas),
      amount('cbc:AllowanceTotalAmount', 0),
      amount('cbc:PrepaidAmount', 0),
      amount('cbc:PayableAmount', totals.totalHalalas),
    ]),
    ...doc.lines.map((line, i) =>
      el('cac:InvoiceLine', [
        el('cbc:ID', String(i + 1)),
        el('cbc:InvoicedQuantity', line.hours, [['unitCode', line.unitCode ?? 'HUR']]),
        amount('cbc:LineExtensionAmount', line.netHalalas),
        el('cac:TaxTotal', [
          amount('cbc:TaxAmount', line.vatHalalas),
          amount('cbc:RoundingAmount', line.netHalalas + line.vatHalalas),
        ]),
        el('cac:Item', [
          el('cbc:Name', line.name),
          el('cac:ClassifiedTaxCategory', [
            el('cbc:ID', 'S'),
            el('cbc:Percent', VAT_PERCENT_TEXT),
            el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
          ]),
        ]),
        // The price is the line's whole net amount for its hours (BaseQuantity), so that
        // quantity × price ÷ base quantity is exactly the line amount, with no rounded unit price.
        el('cac:Price', [
          amount('cbc:PriceAmount', line.netHalalas),
          el('cbc:BaseQuantity', line.hours, [['unitCode', line.unitCode ?? 'HUR']]),
        ]),
      ]),
    ),
  ].join('');
  return { open, head, tail, pureXml: `${open}${head}${tail}</Invoice>` };
}

/** Hours from minutes as a short decimal text: 180 → "3", 90 → "1.5", 100 → "1.6667". */
export function hoursText(minutes: number): string {
  if (!Number.isSafeInteger(minutes) || minutes <= 0) throw new RangeError('minutes must be > 0');
  const tenThousandths = Math.round((minutes * 10_000) / 60);
  const whole = Math.floor(tenThousandths / 10_000);
  const frac = String(tenThousandths % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}
