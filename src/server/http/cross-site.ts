import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { currentSession } from './session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `Authorization: Bearer …`: a token a client adds itself; a browser never sends it on its own. */
export const hasBearerToken = (request: FastifyRequest) =>
  /^bearer\s+\S/i.test(request.headers.authorization ?? '');

/**
 * onRequest: a state-changing API request from another site is refused (403 CROSS_SITE_REQUEST)
 * before any guard or body is read — the defence beside SameSite=Lax cookies. A browser names the
 * page's origin in `Origin` (every current browser does on POST, PUT, PATCH and DELETE) and the
 * relation in `Sec-Fetch-Site`: an Origin that is not trusted (http/trusted-origins.ts), the
 * opaque `null` origin, or `Sec-Fetch-Site: cross-site | same-site` without a trusted Origin, is
 * refused. A request with neither header is allowed: it does not come from a browser, which
 * could have added a cookie on its own. better-auth's routes (`/api/auth/*`) check origins
 * themselves, against the same list.
 *
 * A bearer-token request skips the check only when it carries no cookie and its token opens a
 * live session (the token is not ambient, so a forged request cannot carry it). A junk
 * `Authorization` header beside the ambient cookie, or a token that opens nothing, is checked
 * like any browser request (issue 37): the header alone proves nothing about who sent it.
 */
export function refuseCrossSite(trusted: () => readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const browserSaysCrossSite =
      typeof origin === 'string'
        ? !trusted().includes(origin)
        : site === 'cross-site' || site === 'same-site';
    if (!browserSaysCrossSite) return;
    if (await isValidBearerOnly(request, reply)) return;
    throw new AppError('CROSS_SITE_REQUEST');
  };
}

/** No cookie, and an `Authorization: Bearer` token that better-auth turns into a live session. */
async function isValidBearerOnly(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.headers.cookie !== undefined || !hasBearerToken(request)) return false;
  const session = await currentSession(request.server.auth, request, reply);
  return session !== null;
}
