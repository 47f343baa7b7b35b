/**
 * The API's namespaces that act for the signed-in person: the server answers each of their routes
 * 401 without a session (`tests/api/openapi.test.ts` holds the document to this list). While a page
 * ends the session (src/web/lib/session/auth-context.tsx), a request to one of them neither starts
 * nor finishes: asked then, it would meet that 401.
 */
export const SIGNED_IN_NAMESPACES = [
  '/api/me',
  '/api/host',
  '/api/admin',
  '/api/conversations',
  '/api/messages',
  '/api/invoices',
] as const;

/** Whether `path` (with or without its query) is in one of the signed-in namespaces. */
export function isSignedInPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0]!;
  return SIGNED_IN_NAMESPACES.some(
    (namespace) => pathname === namespace || pathname.startsWith(`${namespace}/`),
  );
}
