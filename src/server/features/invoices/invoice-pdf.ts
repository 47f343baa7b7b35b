/**
 * The invoice as a PDF (issue 33, decision 067): what the download button and the "paid" email
 * give. Drawn with PDFKit from the stored document only, like the printable page: Arabic at the
 * start (right), English at the end (left) of each row, the ZATCA QR code as vector squares.
 *
 * Arabic is shaped by fontkit (PDFKit's font engine: OpenType GSUB init/medi/fina and the
 * lam-alef ligatures of IBM Plex Sans Arabic, the font the web app already ships through
 * @fontsource) and put in visual order here: the Unicode bidirectional algorithm (bidi-js) gives
 * each character its level; runs are reordered as the algorithm says; a right-to-left run of
 * Arabic letters is handed to fontkit in logical order (it shapes, then lays the glyphs out right
 * to left), everything else left to right, mirrored brackets swapped. Each run is drawn with the
 * subset of the font that has its characters (Arabic letters from the Arabic subset, Latin and
 * digits from the Latin one).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bidiFactory from 'bidi-js';
import PDFDocument, { type ParsedFont } from 'pdfkit';
import type { BusinessIdentity } from '#server/business-identity.ts';
import type { InvoiceRow } from './issue-documents.ts';
import { LTR_RUN } from './ltr-runs.ts';
import { encodeQr } from './qr-code.ts';
import { riyadhDateTime, type InvoiceParty } from './ubl.ts';
import { riyals } from './xml-text.ts';

const bidi = bidiFactory();

const fontDir = path.join(
  path.dirname(
    createRequire(import.meta.url).resolve('@fontsource/ibm-plex-sans-arabic/index.css'),
  ),
  'files',
);
const FONT_FILES = {
  ar: path.join(fontDir, 'ibm-plex-sans-arabic-arabic-400-normal.woff'),
  arBold: path.join(fontDir, 'ibm-plex-sans-arabic-arabic-700-normal.woff'),
  la: path.join(fontDir, 'ibm-plex-sans-arabic-latin-400-normal.woff'),
  laBold: path.join(fontDir, 'ibm-plex-sans-arabic-latin-700-normal.woff'),
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * The fontkit PDFKit itself loads (resolved from PDFKit's own folder, so it is the one its font
 * factory checks against), for parsing each font once.
 */
const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
  create(data: Uint8Array): ParsedFont;
};

let parsedFonts: Record<FontName, ParsedFont> | null = null;

/**
 * The four fonts, parsed once per process (decision 074): parsing them (WOFF decompression and
 * the OpenType tables) was most of a PDF's time. PDFKit takes a parsed font as it is and makes
 * each document its own subset from it, so documents share only the read-only font.
 */
export function invoiceFonts(): Record<FontName, ParsedFont> {
  parsedFonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, fontkit.create(readFileSync(file))]),
  ) as Record<FontName, ParsedFont>;
  return parsedFonts;
}

/** Arabic letters, marks and Arabic punctuation: drawn from the Arabic subset. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF\u0750-\u077F]/;
const ISOLATE = /[\u2066-\u2069]/;

/**
 * A line's left-to-right runs isolated (U+2066…U+2069, ltr-runs.ts): the bidirectional order
 * keeps each whole and left to right in a right-to-left line, and the wrap never breaks one.
 */
export const isolateRuns = (text: string) => text.replace(LTR_RUN, (run) => `\u2066${run}\u2069`);

export interface VisualRun {
  text: string;
  arabic: boolean;
  /** true: the text is in logical order and fontkit lays it right to left (Arabic letters) */
  shaped: boolean;
}

/**
 * A line of text as runs in visual order, left to right (the bidirectional algorithm), each to be
 * drawn with one font. Exported for its unit test.
 */
export function visualRuns(text: string, direction: 'rtl' | 'ltr'): VisualRun[] {
  if (!text) return [];
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  // Visual order: the algorithm's reordering of the logical indices.
  const indices = bidi.getReorderedIndices(text, embedding);
  const runs: { idx: number[]; rtl: boolean; arabic: boolean }[] = [];
  for (const i of indices) {
    const ch = text[i]!;
    const rtl = levels[i]! % 2 === 1;
    const arabic = ARABIC.test(ch) || (rtl && ch === ' ');
    const last = runs.at(-1);
    const adjacent = last && Math.abs(last.idx.at(-1)! - i) === 1;
    if (last && adjacent && last.rtl === rtl && last.arabic === arabic) last.idx.push(i);
    else runs.push({ idx: [i], rtl, arabic });
  }
  return runs.flatMap((r) => {
    // the isolates (U+2066…U+2069) order the runs; they are not drawn
    r.idx = r.idx.filter((i) => !ISOLATE.test(text[i]!));
    if (r.idx.length === 0) return [];
    if (r.rtl && r.arabic && r.idx.some((i) => ARABIC_LETTER.test(text[i]!))) {
      // logical order: fontkit shapes the letters and lays them out right to left
      const logical = [...r.idx].sort((a, b) => a - b);
      return { text: logical.map((i) => text[i]).join(''), arabic: true, shaped: true };
    }
    // visual order already (a right-to-left run of neutrals is reversed by the reordering)
    return {
      text: r.idx.map((i) => mirrored.get(i) ?? text[i]).join(''),
      arabic: r.arabic,
      shaped: false,
    };
  });
}

type Doc = InstanceType<typeof PDFDocument>;

function fontFor(run: VisualRun, bold: boolean) {
  return run.arabic ? (bold ? 'arBold' : 'ar') : bold ? 'laBold' : 'la';
}

/**
 * How PDFKit lays out a run. Without `features` it lays a text out word by word (each with its
 * trailing space, for its layout cache) and puts the words side by side left to right — which
 * reverses the words of a right-to-left line and moves its spaces. With `features` (none extra:
 * fontkit still applies the Arabic shaper's own init/medi/fina/rlig) the whole run goes to
 * fontkit at once, which orders its glyphs right to left itself.
 */
const runOptions = (run: VisualRun) => (run.shaped ? { features: [] } : {});

function widthOf(doc: Doc, runs: VisualRun[], size: number, bold: boolean) {
  let w = 0;
  for (const r of runs) {
    doc.font(fontFor(r, bold)).fontSize(size);
    w += doc.widthOfString(r.text, runOptions(r));
  }
  return w;
}

/** Words to lines that fit `width` (greedy, by spaces). */
function wrap(
  doc: Doc,
  text: string,
  width: number,
  size: number,
  bold: boolean,
  dir: 'rtl' | 'ltr',
) {
  // words, an isolated run (spaces and all) a part of its word: "(HS-…)" stays one
  const words = text.match(/(?:\u2066[^\u2069]*\u2069|[^\s\u2066])+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(doc, visualRuns(next, dir), size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Draws text in a box `[x, x + width]` from `y`, aligned to its start (right for RTL, left for
 * LTR) unless `align` says otherwise; wraps; returns the y below it.
 */
function draw(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  opts: {
    dir: 'rtl' | 'ltr';
    size?: number;
    bold?: boolean;
    align?: 'left' | 'right';
    color?: string;
  },
): number {
  const size = opts.size ?? 9;
  const bold = opts.bold ?? false;
  const align = opts.align ?? (opts.dir === 'rtl' ? 'right' : 'left');
  const lineHeight = size * 1.45;
  doc.fillColor(opts.color ?? '#111111');
  for (const line of wrap(doc, isolateRuns(text), width, size, bold, opts.dir)) {
    const runs = visualRuns(line, opts.dir);
    const w = widthOf(doc, runs, size, bold);
    let cx = align === 'right' ? x + width - w : x;
    for (const r of runs) {
      doc.font(fontFor(r, bold)).fontSize(size);
      doc.text(r.text, cx, y, { lineBreak: false, ...runOptions(r) });
      cx += doc.widthOfString(r.text, runOptions(r));
    }
    y += lineHeight;
  }
  return y;
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

function addressText(p: InvoiceParty): string {
  const a = p.address;
  if (!a) return '—';
  return `${a.buildingNumber} ${a.street}، ${a.district}، ${a.city} ${a.postalCode}${a.additionalNumber ? `-${a.additionalNumber}` : ''}`;
}

interface StoredLine {
  description: { ar: string; en: string };
  hours: string;
  netHalalas: number;
  vatHalalas: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const money = (halalas: number) => `${riyals(halalas)} SAR`;

/** The QR as squares, one rectangle per run of dark modules in a row (scannable at print size). */
function drawQr(doc: Doc, qr: string, x: number, y: number, size: number) {
  const m = encodeQr(qr);
  const quiet = 4;
  const unit = size / (m.size + quiet * 2);
  doc.save().fillColor('#000000');
  m.modules.forEach((row, r) => {
    let c = 0;
    while (c < m.size) {
      if (!row[c]) {
        c += 1;
        continue;
      }
      const start = c;
      while (c < m.size && row[c]) c += 1;
      doc.rect(x + (start + quiet) * unit, y + (r + quiet) * unit, (c - start) * unit, unit);
    }
  });
  doc.fill().restore();
  return { unit, modules: m.size, quiet };
}

/** The PDF of a stored document. `compress: false` writes readable content streams (tests). */
export function renderInvoicePdf(
  row: InvoiceRow,
  opts: { originalNumber?: string | null; business: BusinessIdentity; compress?: boolean },
): Promise<Buffer> {
  const t = title(row);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: opts.compress ?? true,
    info: {
      Title: `${t.en} ${row.number}`,
      Author: opts.business.legalName.en,
      Creator: 'HourSpace',
    },
    lang: 'ar-SA',
  });
  for (const [name, font] of Object.entries(invoiceFonts())) doc.registerFont(name, font);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const inner = right - left;
  const seller = row.seller as InvoiceParty;
  const buyer = row.buyer as InvoiceParty | null;
  const lines = row.lines as StoredLine[];
  const { date, time } = riyadhDateTime(row.issuedAt);
  const forHost = row.kind !== 'fee_invoice';

  // Header: the title in both languages at the right, the QR code at the left.
  const qrSize = 150;
  let y = PAGE.margin;
  if (row.qr) drawQr(doc, row.qr, left, y, qrSize);
  const titleLeft = row.qr ? left + qrSize + 16 : left;
  let ty = draw(doc, t.ar, titleLeft, y + 8, right - titleLeft, {
    dir: 'rtl',
    size: 20,
    bold: true,
  });
  ty = draw(doc, t.en, titleLeft, ty + 2, right - titleLeft, {
    dir: 'ltr',
    size: 13,
    align: 'right',
  });
  ty = draw(doc, row.number, titleLeft, ty + 6, right - titleLeft, {
    dir: 'ltr',
    size: 12,
    bold: true,
    align: 'right',
  });
  y = Math.max(ty, row.qr ? y + qrSize : ty) + 8;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1.2).strokeColor('#111111').stroke();
  y += 8;
  if (row.issuerKey.startsWith('vat:')) {
    y = draw(doc, 'صادرة من منصة مساحة بالساعة نيابةً عن البائع', left, y, inner, { dir: 'rtl' });
    y = draw(doc, 'Issued by the HourSpace platform on behalf of the seller', left, y, inner, {
      dir: 'ltr',
      color: '#444444',
    });
    y += 4;
  }

  // Rows: the Arabic label at the right, the value in the middle, the English label at the left.
  const col = { en: [left, 150], value: [left + 155, 230], ar: [left + 390, inner - 390] } as const;
  const pair = (ar: string, en: string, value: string, valueDir: 'rtl' | 'ltr' = 'ltr') => {
    const a = draw(doc, ar, col.ar[0], y, col.ar[1], { dir: 'rtl', bold: true });
    const v = draw(doc, value, col.value[0], y, col.value[1], { dir: valueDir, align: 'right' });
    const e = draw(doc, en, col.en[0], y, col.en[1], { dir: 'ltr', color: '#444444' });
    y = Math.max(a, v, e) + 2;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.4).strokeColor('#dddddd').stroke();
    y += 4;
  };
  pair('رقم المستند', 'Number', row.number);
  pair('تاريخ ووقت الإصدار', 'Issued (Riyadh time)', `${date} ${time}`);
  if (row.supplyDate) pair('تاريخ التوريد', 'Date of supply', row.supplyDate);
  if (opts.originalNumber) pair('الفاتورة الأصلية', 'Original invoice', opts.originalNumber);
  pair('البائع', 'Seller', seller.name, 'rtl');
  if (seller.nameEn) pair('اسم البائع بالإنجليزية', 'Seller name (English)', seller.nameEn);
  if (seller.vatNumber) pair('الرقم الضريبي للبائع', 'Seller VAT number', seller.vatNumber);
  else pair('ضريبة القيمة المضافة', 'VAT', 'البائع غير مسجل في ضريبة القيمة المضافة', 'rtl');
  if (seller.crNumber) pair('السجل التجاري', 'Commercial registration', seller.crNumber);
  pair('العنوان الوطني', 'National address', addressText(seller), 'rtl');
  if (buyer) pair('المشتري', 'Buyer', buyer.name, 'rtl');
  if (buyer?.vatNumber) pair('الرقم الضريبي للمشتري', 'Buyer VAT number', buyer.vatNumber);

  // Lines: description (both languages) at the right, then hours, before VAT, VAT, total.
  y += 8;
  const cols = [
    { ar: 'الوصف', en: 'Description', x: left + 300, w: inner - 300 },
    { ar: 'الساعات', en: 'Hours', x: left + 240, w: 55 },
    { ar: 'قبل الضريبة', en: 'Before VAT', x: left + 160, w: 75 },
    { ar: 'الضريبة 15%', en: 'VAT 15%', x: left + 80, w: 75 },
    { ar: 'الإجمالي', en: 'Total', x: left, w: 75 },
  ];
  let hy = y;
  for (const c of cols) {
    const a = draw(doc, c.ar, c.x, y, c.w, { dir: 'rtl', bold: true, size: 8.5 });
    hy = Math.max(
      hy,
      draw(doc, c.en, c.x, a, c.w, { dir: 'ltr', size: 8, align: 'right', color: '#444444' }),
    );
  }
  y = hy + 2;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).strokeColor('#111111').stroke();
  y += 4;
  for (const l of lines) {
    if (y > PAGE.height - 200) {
      doc.addPage();
      y = PAGE.margin;
    }
    let dy = draw(doc, l.description.ar, cols[0]!.x, y, cols[0]!.w, { dir: 'rtl' });
    dy = draw(doc, l.description.en, cols[0]!.x, dy, cols[0]!.w, {
      dir: 'ltr',
      align: 'right',
      color: '#444444',
    });
    draw(doc, l.hours, cols[1]!.x, y, cols[1]!.w, { dir: 'ltr', align: 'right' });
    draw(doc, money(l.netHalalas), cols[2]!.x, y, cols[2]!.w, { dir: 'ltr', align: 'right' });
    draw(doc, money(l.vatHalalas), cols[3]!.x, y, cols[3]!.w, { dir: 'ltr', align: 'right' });
    draw(doc, money(l.netHalalas + l.vatHalalas), cols[4]!.x, y, cols[4]!.w, {
      dir: 'ltr',
      align: 'right',
    });
    y = dy + 2;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.4).strokeColor('#dddddd').stroke();
    y += 4;
  }

  y += 6;
  pair('الإجمالي قبل الضريبة', 'Total before VAT', money(row.netHalalas));
  pair('ضريبة القيمة المضافة', 'VAT', money(row.vatHalalas));
  pair('الإجمالي شاملاً الضريبة', 'Total including VAT', money(row.totalHalalas));

  // The platform that issues it (the business identity, on every document).
  const b = opts.business;
  y += 10;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.4).strokeColor('#dddddd').stroke();
  y += 6;
  y = draw(
    doc,
    `${forHost ? 'أصدرتها نيابةً عن البائع' : 'المُصدِر'}: ${b.legalName.ar} · سجل تجاري ${b.commercialRegistration} · الرقم الضريبي ${b.vatNumber} · ${b.nationalAddress.ar}`,
    left,
    y,
    inner,
    { dir: 'rtl', size: 8 },
  );
  draw(
    doc,
    `${forHost ? 'Issued on the seller’s behalf by' : 'Issued by'}: ${b.legalName.en} · CR ${b.commercialRegistration} · VAT ${b.vatNumber} · ${b.nationalAddress.en} · ${b.email} · ${b.phone}`,
    left,
    y,
    inner,
    { dir: 'ltr', size: 8, color: '#444444' },
  );
  doc.end();
  return done;
}
