/**
 * An independent Canonical XML (1.1, inclusive, without comments) of a parsed DOM, for checking
 * the invoices' hash input a second way (features/invoices writes canonical text directly; this
 * parses the signed document, removes what ZATCA's transforms remove, and canonicalises the rest).
 * Covers elements, attributes, namespace declarations and text — what an invoice holds.
 */
import { JSDOM } from 'jsdom';

const escText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
const escAttr = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

export function parseXml(xml: string): Document {
  const { window } = new JSDOM();
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('XML does not parse');
  return doc;
}

function canonicalElement(node: Element, rendered: Map<string, string>): string {
  const nsDecls: [string, string][] = [];
  const attrs: [string, string][] = [];
  for (const a of Array.from(node.attributes)) {
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) nsDecls.push([a.name, a.value]);
    else attrs.push([a.name, a.value]);
  }
  const scope = new Map(rendered);
  const out: [string, string][] = [];
  for (const [name, value] of nsDecls) {
    if (rendered.get(name) === value) continue; // already in force from an output ancestor
    scope.set(name, value);
    out.push([name, value]);
  }
  out.sort(([a], [b]) => (a === 'xmlns' ? -1 : b === 'xmlns' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  attrs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let s = `<${node.tagName}`;
  for (const [k, v] of [...out, ...attrs]) s += ` ${k}="${escAttr(v)}"`;
  s += '>';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 1) s += canonicalElement(child as Element, scope);
    else if (child.nodeType === 3 || child.nodeType === 4) s += escText(child.nodeValue ?? '');
  }
  return `${s}</${node.tagName}>`;
}

export function canonicalize(doc: Document): string {
  return canonicalElement(doc.documentElement, new Map());
}

/** Removes the elements ZATCA's transforms leave out of the invoice hash. */
export function removeZatcaExcluded(doc: Document): void {
  const root = doc.documentElement;
  for (const child of Array.from(root.children)) {
    const name = child.tagName;
    const isQr =
      name === 'cac:AdditionalDocumentReference' &&
      Array.from(child.children).some((c) => c.tagName === 'cbc:ID' && c.textContent === 'QR');
    if (name === 'ext:UBLExtensions' || name === 'cac:Signature' || isQr) root.removeChild(child);
  }
}
