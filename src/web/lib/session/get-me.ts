import type { MeResponse } from '#shared/schemas/me.ts';
import { apiFetch, ApiRequestError } from '../api-client.ts';

/**
 * The session, then the user with their roles (docs/product-spec.md §4, §7): GET
 * /api/auth/get-session answers `null` when signed out (no 401 to clutter the console), and only
 * then is GET /api/me asked. Null when signed out; other failures throw.
 */
export async function getMe(signal?: AbortSignal): Promise<MeResponse | null> {
  const session = await apiFetch<{ user: { id: string } } | null>('/api/auth/get-session', {
    signal,
  });
  if (!session?.user) return null;
  try {
    return await apiFetch<MeResponse>('/api/me', { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/**
 * GET /api/me alone, for the server's pre-render (src/web/entry-server.tsx), which asks only when
 * the request carries a session cookie: the user, or null when the session is not (or no longer)
 * valid.
 */
export async function getMeDirect(): Promise<MeResponse | null> {
  try {
    return await apiFetch<MeResponse>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
