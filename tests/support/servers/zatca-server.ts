import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  canonicalize,
  parseXml,
  removeZatcaExcluded,
} from '#server/features/invoices/test-support/c14n.ts';
import { startHttpServer } from './http-server.ts';

/**
 * A local server that speaks ZATCA's Fatoora API for issued documents (reporting/single and
 * clearance/single): HTTP Basic with the CSID's token and secret, `Accept-Version: V2`, the JSON
 * body `{ invoiceHash, uuid, invoice }`. It checks what ZATCA checks first — the credentials, the
 * UUID and that the hash is the hash of the document sent (recomputed by canonicalising the XML)
 * — and answers in ZATCA's shape. A test scripts the next answers: `accept`, `warn` (202 with
 * warnings), `reject` (400 with ZATCA error codes), `down` (500), `malformed` (200, not JSON).
 */
export type ZatcaBehaviour = 'accept' | 'warn' | 'reject' | 'down' | 'malformed';

const info = {
  type: 'INFO',
  code: 'XSD_ZATCA_VALID',
  category: 'XSD validation',
  message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
  status: 'PASS',
};

export async function startZatcaServer(opts: { token: string; secret: string }) {
  const script: ZatcaBehaviour[] = [];
  const accepted: { mode: string; uuid: string; invoiceHash: string; xml: string }[] = [];
  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const server = await startHttpServer((req, res) => {
    const mode = /^\/invoices\/(reporting|clearance)\/single$/.exec(req.url)?.[1];
    if (req.method !== 'POST' || !mode) return send(res, 404, { message: 'not found' });
    const expected = `Basic ${Buffer.from(`${opts.token}:${opts.secret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(res, 401, '');
    const statusKey = mode === 'reporting' ? 'reportingStatus' : 'clearanceStatus';
    const notOk = mode === 'reporting' ? 'NOT_REPORTED' : 'NOT_CLEARED';
    const refuse = (code: string, category: string, message: string) =>
      send(res, 400, {
        validationResults: {
          infoMessages: [],
          warningMessages: [],
          errorMessages: [{ type: 'ERROR', code, category, message, status: 'ERROR' }],
          status: 'ERROR',
        },
        [statusKey]: notOk,
      });
    if (req.headers['accept-version'] !== 'V2')
      return refuse('Invalid-Request', 'HTTP', 'Accept-Version must be V2');
    let body: { invoiceHash?: string; uuid?: string; invoice?: string };
    try {
      body = JSON.parse(req.body.toString('utf8'));
    } catch {
      return refuse('Invalid-Request', 'HTTP', 'body is not JSON');
    }
    const xml = Buffer.from(body.invoice ?? '', 'base64').toString('utf8');
    let hash: string;
    try {
      const dom = parseXml(xml);
      removeZatcaExcluded(dom);
      hash = createHash('sha256').update(canonicalize(dom)).digest('base64');
    } catch {
      return refuse('XSD_SCHEMA_ERROR', 'XSD validation', 'the invoice is not XML');
    }
    if (!xml.includes(`<cbc:UUID>${body.uuid}</cbc:UUID>`)) {
      return refuse('invalid-uuid', 'UUID', 'the UUID does not match the invoice');
    }
    if (hash !== body.invoiceHash) {
      return refuse(
        'invalid-invoice-hash',
        'INVOICE_HASHING_ERRORS',
        'the invoice hash does not match the invoice',
      );
    }
    const behaviour = script.shift() ?? 'accept';
    const extra = mode === 'clearance' ? { clearedInvoice: body.invoice } : {};
    switch (behaviour) {
      case 'down':
        return send(res, 500, 'Internal Server Error');
      case 'malformed':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Gateway says hello</body></html>');
        return;
      case 'reject':
        return refuse(
          'BR-KSA-37',
          'KSA',
          'The seller address building number must contain 4 digits.',
        );
      case 'warn':
        accepted.push({ mode, uuid: body.uuid!, invoiceHash: hash, xml });
        return send(res, 202, {
          validationResults: {
            infoMessages: [info],
            warningMessages: [
              {
                type: 'WARNING',
                code: 'BR-KSA-08',
                category: 'KSA',
                message: 'The seller identification should be provided.',
                status: 'WARNING',
              },
            ],
            errorMessages: [],
            status: 'WARNING',
          },
          [statusKey]: mode === 'reporting' ? 'REPORTED' : 'CLEARED',
          ...extra,
        });
      default:
        accepted.push({ mode, uuid: body.uuid!, invoiceHash: hash, xml });
        return send(res, 200, {
          validationResults: {
            infoMessages: [info],
            warningMessages: [],
            errorMessages: [],
            status: 'PASS',
          },
          [statusKey]: mode === 'reporting' ? 'REPORTED' : 'CLEARED',
          ...extra,
        });
    }
  });
  return {
    ...server,
    accepted,
    /** the next answers, in order (then `accept`) */
    next(...behaviours: ZatcaBehaviour[]) {
      script.push(...behaviours);
    },
  };
}
