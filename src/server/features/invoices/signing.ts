/**
 * ZATCA's cryptographic stamp (security features implementation standard; decision 064):
 * 1. the invoice hash: SHA-256 of the canonical document without UBLExtensions, the QR
 *    reference and cac:Signature, in base64;
 * 2. the signature: ECDSA (secp256k1) with SHA-256 over the hash's 32 bytes, DER, in base64;
 * 3. the certificate's digest: base64 of the hex SHA-256 of the certificate's base64 text;
 * 4. the XAdES signed properties (signing time, certificate digest, issuer and serial number)
 *    and their digest (base64 of the hex SHA-256 of their text);
 * 5. the QR code: TLV tags 1–9 (tlv.ts).
 * Steps 2–3 and the QR layout were checked against ZATCA's published sample invoice
 * (invoice-signing.test.ts).
 */
import { createHash, createSign, X509Certificate, type KeyObject } from 'node:crypto';
import { encodeTlv } from './tlv.ts';
import { NS, documentTotals, riyadhDateTime, ublParts, type UblDocument } from './ubl.ts';
import { el, riyals } from './xml-text.ts';

/** ZATCA's published PIH of an issuing unit's first invoice: base64 of the hex SHA-256 of "0". */
export const FIRST_PREVIOUS_HASH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

export interface SigningIdentity {
  privateKey: KeyObject;
  /** the certificate's DER as base64, no PEM armour (what ds:X509Certificate holds) */
  certificateBase64: string;
}

export function invoiceHash(pureXml: string): string {
  return createHash('sha256').update(pureXml, 'utf8').digest('base64');
}

/** The hex-then-base64 digest ZATCA uses for the certificate and the signed properties. */
export function hexDigestBase64(text: string): string {
  return Buffer.from(createHash('sha256').update(text, 'utf8').digest('hex'), 'utf8').toString(
    'base64',
  );
}

export function signInvoiceHash(hashBase64: string, privateKey: KeyObject): string {
  return createSign('sha256').update(Buffer.from(hashBase64, 'base64')).sign(privateKey, 'base64');
}

/** The certificate body (base64 DER) from PEM or bare base64. */
export function certificateBody(pemOrBase64: string): string {
  return pemOrBase64.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** The outer SEQUENCE's third element of a certificate: its signature (BIT STRING, DER ECDSA). */
function certificateSignature(der: Buffer): Buffer {
  const readHeader = (at: number) => {
    const tag = der[at]!;
    let len = der[at + 1]!;
    let off = at + 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + der[off + i]!;
      off += n;
    }
    return { tag, start: off, end: off + len };
  };
  const outer = readHeader(0);
  const tbs = readHeader(outer.start);
  const alg = readHeader(tbs.end);
  const bits = readHeader(alg.end);
  if (outer.tag !== 0x30 || bits.tag !== 0x03) throw new Error('not an X.509 certificate');
  return der.subarray(bits.start + 1, bits.end); // skip the unused-bits byte
}

export interface CertificateInfo {
  body: string;
  digest: string;
  /** the issuer as ZATCA prints it: most specific first, ", " between */
  issuerName: string;
  /** the serial number in decimal */
  serialNumber: string;
  publicKeyDer: Buffer;
  signature: Buffer;
}

export function certificateInfo(pemOrBase64: string): CertificateInfo {
  const body = certificateBody(pemOrBase64);
  const der = Buffer.from(body, 'base64');
  const x509 = new X509Certificate(der);
  return {
    body,
    digest: hexDigestBase64(body),
    issuerName: x509.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    publicKeyDer: x509.publicKey.export({ type: 'spki', format: 'der' }),
    signature: certificateSignature(der),
  };
}

/**
 * The XAdES signed properties. Two forms of one content: `digested` declares its namespaces on
 * itself (xades on SignedProperties, ds on each ds element) — the text whose digest ZATCA's
 * validator and the open implementations compute; `embedded` (the default) is the same inside
 * the document, where those namespaces are declared by its ancestors (so the document stays in
 * canonical form).
 */
export function signedPropertiesXml(
  p: { signingTime: string; certificate: CertificateInfo },
  form: 'embedded' | 'digested' = 'embedded',
): string {
  const ds = form === 'digested' ? ([['xmlns:ds', NS.ds]] as const) : ([] as const);
  return el(
    'xades:SignedProperties',
    [
      el('xades:SignedSignatureProperties', [
        el('xades:SigningTime', p.signingTime),
        el('xades:SigningCertificate', [
          el('xades:Cert', [
            el('xades:CertDigest', [
              el('ds:DigestMethod', '', [
                ...ds,
                ['Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256'],
              ]),
              el('ds:DigestValue', p.certificate.digest, ds),
            ]),
            el('xades:IssuerSerial', [
              el('ds:X509IssuerName', p.certificate.issuerName, ds),
              el('ds:X509SerialNumber', p.certificate.serialNumber, ds),
            ]),
          ]),
        ]),
      ]),
    ],
    [
      ...(form === 'digested' ? ([['xmlns:xades', NS.xades]] as const) : []),
      ['Id', 'xadesSignedProperties'],
    ],
  );
}

function ublExtensions(p: {
  hash: string;
  signedProperties: string;
  signedPropertiesDigest: string;
  signature: string;
  certificateBody: string;
}): string {
  const sha256 = [['Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256']] as const;
  const xpath = (expr: string) =>
    el(
      'ds:Transform',
      [el('ds:XPath', expr)],
      [['Algorithm', 'http://www.w3.org/TR/1999/REC-xpath-19991116']],
    );
  const signedInfo = el('ds:SignedInfo', [
    el('ds:CanonicalizationMethod', '', [['Algorithm', 'http://www.w3.org/2006/12/xml-c14n11']]),
    el('ds:SignatureMethod', '', [
      ['Algorithm', 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256'],
    ]),
    el(
      'ds:Reference',
      [
        el('ds:Transforms', [
          xpath('not(//ancestor-or-self::ext:UBLExtensions)'),
          xpath('not(//ancestor-or-self::cac:Signature)'),
          xpath("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"),
          el('ds:Transform', '', [['Algorithm', 'http://www.w3.org/2006/12/xml-c14n11']]),
        ]),
        el('ds:DigestMethod', '', sha256),
        el('ds:DigestValue', p.hash),
      ],
      [
        ['Id', 'invoiceSignedData'],
        ['URI', ''],
      ],
    ),
    el(
      'ds:Reference',
      [el('ds:DigestMethod', '', sha256), el('ds:DigestValue', p.signedPropertiesDigest)],
      [
        ['Type', 'http://www.w3.org/2000/09/xmldsig#SignatureProperties'],
        ['URI', '#xadesSignedProperties'],
      ],
    ),
  ]);
  return el('ext:UBLExtensions', [
    el('ext:UBLExtension', [
      el('ext:ExtensionURI', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
      el('ext:ExtensionContent', [
        el(
          'sig:UBLDocumentSignatures',
          [
            el('sac:SignatureInformation', [
              el('cbc:ID', 'urn:oasis:names:specification:ubl:signature:1'),
              el(
                'sbc:ReferencedSignatureID',
                'urn:oasis:names:specification:ubl:signature:Invoice',
              ),
              el(
                'ds:Signature',
                [
                  signedInfo,
                  el('ds:SignatureValue', p.signature),
                  el('ds:KeyInfo', [
                    el('ds:X509Data', [el('ds:X509Certificate', p.certificateBody)]),
                  ]),
                  el('ds:Object', [
                    el(
                      'xades:QualifyingProperties',
                      [p.signedProperties],
                      [
                        ['xmlns:xades', NS.xades],
                        ['Target', 'signature'],
                      ],
                    ),
                  ]),
                ],
                [
                  ['xmlns:ds', NS.ds],
                  ['Id', 'signature'],
                ],
              ),
            ]),
          ],
          [
            ['xmlns:sac', NS.sac],
            ['xmlns:sbc', NS.sbc],
            ['xmlns:sig', NS.sig],
          ],
        ),
      ]),
    ]),
  ]);
}

export interface SignedDocument {
  xml: string;
  pureXml: string;
  hash: string;
  signature: string;
  qr: string;
}

/** Hashes, signs and stamps one document; `signingTime` defaults to its issue time. */
export function signDocument(
  doc: UblDocument,
  identity: SigningIdentity,
  signingTime: Date = doc.issuedAt,
): SignedDocument {
  const parts = ublParts(doc);
  const hash = invoiceHash(parts.pureXml);
  const signature = signInvoiceHash(hash, identity.privateKey);
  const certificate = certificateInfo(identity.certificateBase64);
  const props = { signingTime: signingTime.toISOString().slice(0, 19) + 'Z', certificate };
  const signedProperties = signedPropertiesXml(props);
  const signedPropertiesDigest = hexDigestBase64(signedPropertiesXml(props, 'digested'));
  const totals = documentTotals(doc.lines);
  const { date, time } = riyadhDateTime(doc.issuedAt);
  const qr = encodeTlv([
    [1, doc.seller.name],
    [2, doc.seller.vatNumber ?? ''],
    [3, `${date}T${time}`],
    [4, riyals(totals.totalHalalas)],
    [5, riyals(totals.vatHalalas)],
    [6, hash],
    [7, signature],
    [8, certificate.publicKeyDer],
    // Tag 9 is for simplified documents (whose stamp is the seller's own, not ZATCA's).
    ...(doc.standard ? [] : [[9, certificate.signature] as const]),
  ]);
  const qrReference = el('cac:AdditionalDocumentReference', [
    el('cbc:ID', 'QR'),
    el('cac:Attachment', [
      el('cbc:EmbeddedDocumentBinaryObject', qr, [['mimeCode', 'text/plain']]),
    ]),
  ]);
  const cacSignature = el('cac:Signature', [
    el('cbc:ID', 'urn:oasis:names:specification:ubl:signature:Invoice'),
    el('cbc:SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
  ]);
  const extensions = ublExtensions({
    hash,
    signedProperties,
    signedPropertiesDigest,
    signature,
    certificateBody: certificate.body,
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${parts.open}${extensions}${parts.head}${qrReference}${cacSignature}${parts.tail}</Invoice>`;
  return { xml, pureXml: parts.pureXml, hash, signature, qr };
}
