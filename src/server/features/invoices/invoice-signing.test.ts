import { createHash, createVerify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zatcaSample } from './test-support/zatca-sample.ts';
import { canonicalize, parseXml, removeZatcaExcluded } from './test-support/c14n.ts';
import { verifySecp256k1 } from './test-support/secp256k1.ts';
import {
  certificateInfo,
  FIRST_PREVIOUS_HASH,
  hexDigestBase64,
  invoiceHash,
  signDocument,
  signedPropertiesXml,
} from './signing.ts';
import { makeTestSigningIdentity, privateKeyFromPem } from './test-certificate.ts';
import { decodeTlv, encodeTlv } from './tlv.ts';
import { hoursText, invoiceTypeName, ublParts, type UblDocument } from './ubl.ts';

const identityPem = makeTestSigningIdentity({
  commonName: 'TST-886431145-399999999900003',
  organisation: 'HourSpace test',
  now: new Date('2026-01-01T00:00:00Z'),
});
const identity = {
  privateKey: privateKeyFromPem(identityPem.privateKeyPem),
  certificateBase64: identityPem.certificatePem,
};

const doc: UblDocument = {
  typeCode: '388',
  standard: false,
  thirdParty: true,
  number: 'INV-300000000000003-000001',
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  issuedAt: new Date('2026-03-01T09:30:15Z'),
  icv: 1,
  previousHash: FIRST_PREVIOUS_HASH,
  seller: {
    name: 'استوديو الضوء & Co <Riyadh>',
    vatNumber: '300000000000003',
    crNumber: '1010010000',
    address: {
      street: 'طريق الملك فهد',
      buildingNumber: '2322',
      additionalNumber: '8228',
      district: 'العليا',
      city: 'الرياض',
      postalCode: '12211',
    },
  },
  buyer: { name: 'سارة "S" القحطاني', vatNumber: null, address: null },
  supplyDate: '2026-03-02',
  paymentMeansCode: '48',
  notes: [
    { ar: 'صادرة من HourSpace نيابة عن البائع', en: 'Issued by HourSpace on behalf of the seller' },
  ],
  lines: [{ name: 'حجز 3 ساعات', hours: '3', netHalalas: 30_000, vatHalalas: 4_500 }],
};

describe('ZATCA published sample (fixed vectors)', () => {
  it('the first previous-invoice hash is base64 of the hex SHA-256 of "0"', () => {
    const hex = createHash('sha256').update('0').digest('hex');
    expect(hex).toBe('5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9');
    expect(Buffer.from(hex).toString('base64')).toBe(FIRST_PREVIOUS_HASH);
  });

  it('reads the certificate as ZATCA prints it: digest, issuer, serial number', () => {
    const info = certificateInfo(zatcaSample.certificate);
    expect(info.digest).toBe(zatcaSample.certificateDigest);
    expect(info.issuerName).toBe(zatcaSample.issuerName);
    expect(info.serialNumber).toBe(zatcaSample.serialNumber);
  });

  it('the signature is ECDSA-SHA256 over the 32 bytes of the invoice hash (OpenSSL and BigInt agree)', () => {
    const info = certificateInfo(zatcaSample.certificate);
    const hashBytes = Buffer.from(zatcaSample.invoiceDigest, 'base64');
    const sig = Buffer.from(zatcaSample.signature, 'base64');
    const publicKey = new X509Certificate(Buffer.from(zatcaSample.certificate, 'base64')).publicKey;
    expect(createVerify('sha256').update(hashBytes).verify(publicKey, sig)).toBe(true);
    // not over the base64 text: the hash's bytes
    expect(createVerify('sha256').update(zatcaSample.invoiceDigest).verify(publicKey, sig)).toBe(
      false,
    );
    const digest = createHash('sha256').update(hashBytes).digest();
    expect(verifySecp256k1(digest, sig, info.publicKeyDer)).toBe(true);
    digest[0]! ^= 1;
    expect(verifySecp256k1(digest, sig, info.publicKeyDer)).toBe(false);
  });

  it('the sample QR: tags 1–9, tag 8 the public key, tag 9 the certificate signature, and re-encodes identically', () => {
    const records = decodeTlv(zatcaSample.qr);
    expect(records.map((r) => r.tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const text = (tag: number) => records.find((r) => r.tag === tag)!.value.toString('utf8');
    expect(text(1)).toBe('Ahmed Mohamed AL Ahmady');
    expect(text(2)).toBe('301121971500003');
    expect(text(6)).toBe(zatcaSample.invoiceDigest);
    expect(text(7)).toBe(zatcaSample.signature);
    const info = certificateInfo(zatcaSample.certificate);
    expect(records[7]!.value.equals(info.publicKeyDer)).toBe(true);
    expect(records[8]!.value.equals(info.signature)).toBe(true);
    expect(encodeTlv(records.map((r) => [r.tag, r.value] as const))).toBe(zatcaSample.qr);
  });
});

describe('TLV', () => {
  it('counts bytes, not characters (Arabic is two bytes a letter) and refuses over 255', () => {
    const qr = encodeTlv([[1, 'ضوء']]);
    expect([...Buffer.from(qr, 'base64')]).toEqual([1, 6, ...Buffer.from('ضوء')]);
    expect(() => encodeTlv([[1, 'x'.repeat(256)]])).toThrow(RangeError);
    expect(() => decodeTlv(Buffer.from([1, 5, 65]).toString('base64'))).toThrow(RangeError);
  });
});

describe('signing a document', () => {
  const signed = signDocument(doc, identity);

  it('the hash input equals an independent canonicalisation of the signed XML minus what ZATCA removes', () => {
    const dom = parseXml(signed.xml);
    removeZatcaExcluded(dom);
    const canonical = canonicalize(dom);
    expect(canonical).toBe(signed.pureXml);
    expect(createHash('sha256').update(canonical).digest('base64')).toBe(signed.hash);
    expect(invoiceHash(ublParts(doc).pureXml)).toBe(signed.hash);
  });

  it('the whole signed document canonicalises to itself (it is written canonical)', () => {
    const withoutDeclaration = signed.xml.replace(/^<\?xml[^>]*\?>\n/, '');
    expect(canonicalize(parseXml(signed.xml))).toBe(withoutDeclaration);
  });

  it('signature verifies with Node and with the BigInt implementation; the DigestValue is the hash', () => {
    const info = certificateInfo(identity.certificateBase64);
    const hashBytes = Buffer.from(signed.hash, 'base64');
    const sig = Buffer.from(signed.signature, 'base64');
    expect(
      createVerify('sha256')
        .update(hashBytes)
        .verify(new X509Certificate(Buffer.from(info.body, 'base64')).publicKey, sig),
    ).toBe(true);
    expect(
      verifySecp256k1(createHash('sha256').update(hashBytes).digest(), sig, info.publicKeyDer),
    ).toBe(true);
    expect(signed.xml).toContain(`<ds:DigestValue>${signed.hash}</ds:DigestValue>`);
    expect(signed.xml).toContain(`<ds:SignatureValue>${signed.signature}</ds:SignatureValue>`);
  });

  it('the signed properties: embedded in context, digested self-contained', () => {
    const info = certificateInfo(identity.certificateBase64);
    const p = { signingTime: '2026-03-01T09:30:15Z', certificate: info };
    expect(signed.xml).toContain(signedPropertiesXml(p));
    const props = signedPropertiesXml(p, 'digested');
    // the digested form is the embedded one with its namespaces declared on itself
    expect(canonicalize(parseXml(props))).toBe(props);
    expect(props.replace(/ xmlns:(ds|xades)="[^"]*"/g, '')).toBe(signedPropertiesXml(p));
    expect(signed.xml).toContain(
      `<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties"><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></ds:DigestMethod><ds:DigestValue>${hexDigestBase64(props)}</ds:DigestValue>`,
    );
    expect(props).toContain(
      `<ds:DigestValue xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${info.digest}</ds:DigestValue>`,
    );
  });

  it('the QR holds tags 1–9 that match the document', () => {
    const r = decodeTlv(signed.qr);
    const text = (tag: number) => r.find((x) => x.tag === tag)!.value.toString('utf8');
    expect(r.map((x) => x.tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(text(1)).toBe(doc.seller.name);
    expect(text(2)).toBe('300000000000003');
    expect(text(3)).toBe('2026-03-01T12:30:15'); // Riyadh time, as IssueDate/IssueTime
    expect(text(4)).toBe('345.00');
    expect(text(5)).toBe('45.00');
    expect(text(6)).toBe(signed.hash);
    expect(text(7)).toBe(signed.signature);
    const info = certificateInfo(identity.certificateBase64);
    expect(r[7]!.value.equals(info.publicKeyDer)).toBe(true);
    expect(r[8]!.value.equals(info.signature)).toBe(true);
    expect(signed.xml).toContain(
      `<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${signed.qr}</cbc:EmbeddedDocumentBinaryObject>`,
    );
    // a standard (B2B) document carries no tag 9
    const std = signDocument({ ...doc, standard: true, thirdParty: false }, identity);
    expect(decodeTlv(std.qr).map((x) => x.tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('content is escaped and the data dictionary fields are where ZATCA reads them', () => {
    const x = signed.xml;
    expect(x).toContain(
      '<cbc:RegistrationName>استوديو الضوء &amp; Co &lt;Riyadh&gt;</cbc:RegistrationName>',
    );
    expect(x).toContain('<cbc:InvoiceTypeCode name="0210000">388</cbc:InvoiceTypeCode>');
    expect(x).toContain(
      '<cbc:IssueDate>2026-03-01</cbc:IssueDate><cbc:IssueTime>12:30:15</cbc:IssueTime>',
    );
    expect(x).toContain(
      '<cac:AdditionalDocumentReference><cbc:ID>ICV</cbc:ID><cbc:UUID>1</cbc:UUID></cac:AdditionalDocumentReference>',
    );
    expect(x).toContain(
      `<cbc:ID>PIH</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${FIRST_PREVIOUS_HASH}</cbc:EmbeddedDocumentBinaryObject>`,
    );
    expect(x).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">345.00</cbc:TaxInclusiveAmount>');
    expect(x).toContain(
      '<cbc:BuildingNumber>2322</cbc:BuildingNumber><cbc:PlotIdentification>8228</cbc:PlotIdentification>',
    );
    // element order: UBLExtensions first, then ProfileID; QR after PIH; Signature before the seller
    expect(x.indexOf('<ext:UBLExtensions>')).toBeLessThan(x.indexOf('<cbc:ProfileID>'));
    expect(x.indexOf('<cbc:ID>PIH</cbc:ID>')).toBeLessThan(x.indexOf('<cbc:ID>QR</cbc:ID>'));
    expect(x.indexOf('<cac:Signature>')).toBeLessThan(x.indexOf('<cac:AccountingSupplierParty>'));
  });

  it('a changed byte changes the hash; the same document signs to the same hash', () => {
    expect(signDocument(doc, identity).hash).toBe(signed.hash);
    expect(signDocument({ ...doc, icv: 2 }, identity).hash).not.toBe(signed.hash);
  });

  it('a credit note names the invoice it corrects and why', () => {
    const note = signDocument(
      { ...doc, typeCode: '381', billingReference: { number: doc.number, reason: 'إلغاء الحجز' } },
      identity,
    );
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0210000">381</cbc:InvoiceTypeCode>');
    expect(note.xml).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${doc.number}</cbc:ID>`,
    );
    expect(note.xml).toContain('<cbc:InstructionNote>إلغاء الحجز</cbc:InstructionNote>');
  });
});

describe('the local test certificate', () => {
  it('is a secp256k1 X.509 certificate that verifies with its own key and says TEST', () => {
    const cert = new X509Certificate(identityPem.certificatePem);
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.subject).toContain('OU=TEST');
    expect(cert.validFrom).toContain('2026');
  });
});

describe('small rules', () => {
  it('hours from minutes and the type name flags', () => {
    expect(hoursText(180)).toBe('3');
    expect(hoursText(90)).toBe('1.5');
    expect(hoursText(100)).toBe('1.6667');
    expect(invoiceTypeName({ standard: false, thirdParty: true })).toBe('0210000');
    expect(invoiceTypeName({ standard: true, thirdParty: false })).toBe('0100000');
  });
});

describe('a simplified invoice without a named buyer', () => {
  it('has an empty customer party, still canonical and hashed the same two ways', () => {
    const signed = signDocument({ ...doc, buyer: null }, identity);
    expect(signed.xml).toContain('<cac:AccountingCustomerParty></cac:AccountingCustomerParty>');
    const dom = parseXml(signed.xml);
    removeZatcaExcluded(dom);
    expect(createHash('sha256').update(canonicalize(dom)).digest('base64')).toBe(signed.hash);
  });
});
