/**
 * ZATCA's Fatoora API for issued documents (decision 064): a simplified document is reported
 * (`POST {url}/invoices/reporting/single`), a standard one cleared (`…/clearance/single`), each
 * authenticated with the production CSID (HTTP Basic: binarySecurityToken and secret), JSON
 * `{ invoiceHash, uuid, invoice }` with the signed XML in base64, `Accept-Version: V2`.
 * The answer is classified here; the raw text is always kept by the caller.
 */
import type { ReportStatus } from '#server/db/schema.ts';
import type { ZatcaCredentials } from './signers.ts';

/** ZATCA could not be reached or answered 5xx: try again later (the job retries). */
export class ZatcaUnavailableError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly raw: string | null,
  ) {
    super(message);
    this.name = 'ZatcaUnavailableError';
  }
}

export interface ZatcaMessage {
  type?: string;
  code?: string;
  category?: string;
  message?: string;
  status?: string;
}

export interface ZatcaAnswer {
  httpStatus: number;
  /** the body as received */
  raw: string;
  status: Extract<
    ReportStatus,
    | 'reported'
    | 'reported_with_warnings'
    | 'cleared'
    | 'cleared_with_warnings'
    | 'rejected'
    | 'malformed_answer'
    | 'failed'
  >;
  /** a one-line summary for the admin: the error or warning codes and messages */
  note: string | null;
}

const summary = (messages: ZatcaMessage[]) =>
  messages
    .map((m) => `${m.code ?? '?'}: ${m.message ?? ''}`.trim())
    .join('; ')
    .slice(0, 2000) || null;

function isMessageList(v: unknown): v is ZatcaMessage[] {
  return Array.isArray(v) && v.every((m) => typeof m === 'object' && m !== null);
}

/** What a ZATCA answer means; anything not in ZATCA's shape is `malformed_answer`. */
export function classifyZatcaAnswer(
  mode: 'reporting' | 'clearance',
  httpStatus: number,
  raw: string,
): ZatcaAnswer {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const body = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  const results = body?.validationResults as Record<string, unknown> | undefined;
  const errors = results?.errorMessages;
  const warnings = results?.warningMessages;
  const state = mode === 'reporting' ? body?.reportingStatus : body?.clearanceStatus;
  const ok = mode === 'reporting' ? 'REPORTED' : 'CLEARED';
  const malformed = (why: string): ZatcaAnswer => ({
    httpStatus,
    raw,
    status: 'malformed_answer',
    note: `ZATCA's answer (HTTP ${httpStatus}) is not in the documented shape: ${why}`,
  });
  if (httpStatus === 401 || httpStatus === 403) {
    return {
      httpStatus,
      raw,
      status: 'failed',
      note: `ZATCA refused the CSID (HTTP ${httpStatus})`,
    };
  }
  if (httpStatus === 200 || httpStatus === 202 || httpStatus === 400) {
    if (!body || !results) return malformed('no validationResults');
    if (!isMessageList(errors ?? []) || !isMessageList(warnings ?? [])) {
      return malformed('messages are not lists');
    }
    const errorList = (errors as ZatcaMessage[] | undefined) ?? [];
    const warningList = (warnings as ZatcaMessage[] | undefined) ?? [];
    if (httpStatus === 400 || errorList.length > 0) {
      return {
        httpStatus,
        raw,
        status: 'rejected',
        note: summary(errorList) ?? `HTTP ${httpStatus}`,
      };
    }
    if (state !== ok) return malformed(`${mode}Status is ${JSON.stringify(state)}`);
    const warned = httpStatus === 202 || warningList.length > 0;
    const status =
      mode === 'reporting'
        ? warned
          ? 'reported_with_warnings'
          : 'reported'
        : warned
          ? 'cleared_with_warnings'
          : 'cleared';
    return { httpStatus, raw, status, note: warned ? summary(warningList) : null };
  }
  return {
    httpStatus,
    raw,
    status: 'failed',
    note: `ZATCA answered HTTP ${httpStatus}${body && typeof body.message === 'string' ? `: ${body.message.slice(0, 500)}` : ''}`,
  };
}

/** Sends one signed document; throws ZatcaUnavailableError on 5xx, a timeout or no connection. */
export async function submitToZatca(
  credentials: ZatcaCredentials,
  doc: { mode: 'reporting' | 'clearance'; invoiceHash: string; uuid: string; xml: string },
  timeoutMs = 15_000,
): Promise<ZatcaAnswer> {
  const endpoint = `${credentials.url.replace(/\/+$/, '')}/invoices/${doc.mode}/single`;
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'accept-language': 'en',
        'accept-version': 'V2',
        authorization: `Basic ${Buffer.from(`${credentials.csidToken}:${credentials.csidSecret}`).toString('base64')}`,
        'clearance-status': doc.mode === 'clearance' ? '1' : '0',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        invoiceHash: doc.invoiceHash,
        uuid: doc.uuid,
        invoice: Buffer.from(doc.xml, 'utf8').toString('base64'),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ZatcaUnavailableError(`ZATCA unreachable: ${(error as Error).message}`, null, null);
  }
  const raw = await response.text().catch(() => '');
  if (response.status >= 500) {
    throw new ZatcaUnavailableError(`ZATCA answered ${response.status}`, response.status, raw);
  }
  return classifyZatcaAnswer(doc.mode, response.status, raw);
}
