import { apiFetch, ApiRequestError } from '../api-client.ts';

/**
 * POST /api/auth/sign-out. 401 and 404 mean "already signed out" and are ignored
 * (docs/product-spec.md §7); anything else — a 403 for an address the server does not trust
 * included — is thrown, and the caller says that signing out failed.
 */
export async function signOutRequest(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
  } catch (error) {
    if (error instanceof ApiRequestError && [401, 404].includes(error.status)) return;
    throw error;
  }
}
