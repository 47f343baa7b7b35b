/**
 * Which key and certificate sign a seller's documents, and whether they can be reported
 * (decision 064). With ZATCA configured, the documents of the seller whose VAT number the
 * production CSID was issued for are signed with that CSID's certificate and the EGS key, and
 * reported. Everything else — and everything when ZATCA is not configured — is signed with the
 * local test identity (DATA_DIR/zatca/test-key.pem and test-certificate.pem, made on first use,
 * never in git) and marked "not reported".
 */
import { randomUUID } from 'node:crypto';
import { access, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/env.ts';
import type { SigningIdentity } from './signing.ts';
import { certificateBody } from './signing.ts';
import { makeTestSigningIdentity, privateKeyFromPem } from './test-certificate.ts';

export interface ZatcaCredentials {
  url: string;
  /** the CSID's binarySecurityToken (the HTTP Basic user name) */
  csidToken: string;
  csidSecret: string;
}

export interface InvoiceSigners {
  /** the identity that signs a document of this seller (null VAT number: HourSpace's test key) */
  identityFor(vatNumber: string | null): SigningIdentity;
  /** ZATCA's API and credentials for this seller, or null: its documents stay "not reported" */
  reportingFor(vatNumber: string | null): ZatcaCredentials | null;
}

/**
 * The local test identity in `dir`/test-identity.pem (its key and certificate, one file), made
 * there once. Written to a temporary file and linked into place, which fails if the file exists:
 * two processes starting at once end up with the same pair.
 */
export async function loadTestIdentity(dir: string): Promise<SigningIdentity> {
  const file = path.join(dir, 'test-identity.pem');
  try {
    await access(file);
  } catch {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const made = makeTestSigningIdentity({
      commonName: 'HourSpace local test EGS (not a ZATCA CSID)',
      organisation: 'HourSpace TEST',
    });
    const tmp = path.join(dir, `.test-identity-${process.pid}-${randomUUID()}`);
    await writeFile(tmp, made.privateKeyPem + made.certificatePem, { mode: 0o600 });
    try {
      await link(tmp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(tmp);
    }
  }
  const pem = await readFile(file, 'utf8');
  const key = /-----BEGIN EC PRIVATE KEY-----[\s\S]+?-----END EC PRIVATE KEY-----/.exec(pem);
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem);
  if (!key || !cert) throw new Error(`${file} does not hold an EC key and a certificate`);
  return { privateKey: privateKeyFromPem(key[0]), certificateBase64: certificateBody(cert[0]) };
}

export async function createInvoiceSigners(config: Config['zatca']): Promise<InvoiceSigners> {
  const test = await loadTestIdentity(config.keyDir);
  if (config.kind === 'off') {
    return { identityFor: () => test, reportingFor: () => null };
  }
  const csid: SigningIdentity = {
    privateKey: privateKeyFromPem(config.privateKeyPem),
    // ZATCA's binarySecurityToken is the base64 of the certificate's base64 text.
    certificateBase64: certificateBody(Buffer.from(config.csidToken, 'base64').toString('utf8')),
  };
  const credentials = {
    url: config.url,
    csidToken: config.csidToken,
    csidSecret: config.csidSecret,
  };
  return {
    identityFor: (vat) => (vat === config.vatNumber ? csid : test),
    reportingFor: (vat) => (vat === config.vatNumber ? credentials : null),
  };
}

/** Signers from fixed parts (tests; and callers that already hold an identity). */
export function fixedInvoiceSigners(
  identity: SigningIdentity,
  reporting?: { vatNumber: string; credentials: ZatcaCredentials },
): InvoiceSigners {
  return {
    identityFor: () => identity,
    reportingFor: (vat) =>
      reporting && vat === reporting.vatNumber ? reporting.credentials : null,
  };
}
