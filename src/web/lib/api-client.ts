import type { ApiError } from '#shared/schemas/api-error.ts';
import { currentLocale, translate } from './i18n.ts';
import { isSignedInPath } from './session/signed-in-paths.ts';

/** An API answer that is not 2xx, carrying the server's stable `code` and field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** The server's own fetch while it pre-renders a page (relative paths, no network). */
let serverFetch: typeof fetch | null = null;
export function setServerFetch(fetcher: typeof fetch) {
  serverFetch = fetcher;
}

/**
 * The signal of the signed-in session, given by the auth context (src/web/lib/session/
 * auth-context.tsx): aborted while the session ends, so no request to a signed-in path starts
 * then, and those in flight are aborted (each would meet a 401).
 */
let sessionSignal: (() => AbortSignal) | null = null;
export function followSession(source: () => AbortSignal): () => void {
  sessionSignal = source;
  return () => {
    if (sessionSignal === source) sessionSignal = null;
  };
}

/** The caller's own signal, joined by the session's for a signed-in path. */
function requestSignal(path: string, own: AbortSignal | undefined): AbortSignal | undefined {
  const session = isSignedInPath(path) ? sessionSignal?.() : undefined;
  if (!session) return own;
  return own ? AbortSignal.any([own, session]) : session;
}

/** True for a request aborted by its caller, or by the session ending. */
export const isAbort = (error: unknown) => (error as Error | undefined)?.name === 'AbortError';

/**
 * JSON over fetch: the current language in Accept-Language (the server answers errors in it),
 * the session cookie, and `ApiRequestError` for every failure (status 0 when the network failed).
 * A request to a signed-in path also ends with the session (`followSession`).
 * (No zod here: this module is in every page's bundle.)
 */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await (serverFetch ?? fetch)(path, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        'accept-language': currentLocale(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: requestSignal(path, options.signal),
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', translate('errors:INTERNAL_ERROR'));
  }
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isApiError(json)) {
      const { code, message, fields } = json.error;
      throw new ApiRequestError(response.status, code, message, fields);
    }
    throw new ApiRequestError(
      response.status,
      'INTERNAL_ERROR',
      translate('errors:INTERNAL_ERROR'),
    );
  }
  return json as T;
}

function isApiError(value: unknown): value is ApiError {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
