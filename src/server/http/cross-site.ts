import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

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
 * refused. A request with a bearer token is allowed (the token is not ambient, so a forged
 * request cannot carry it), and so is one with neither header: it does not come from a browser,
 * which could have added a cookie on its own. better-auth's routes (`/api/auth/*`) check origins
 * themselves, against the same list.
 */
export function refuseCrossSite(trusted: () => readonly string[]) {
  return async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (hasBearerToken(request)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (typeof origin === 'string') {
      if (trusted().includes(origin)) return;
      throw new AppError('CROSS_SITE_REQUEST');
    }
    if (site === 'cross-site' || site === 'same-site') throw new AppError('CROSS_SITE_REQUEST');
  };
}
