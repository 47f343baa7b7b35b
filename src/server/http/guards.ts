import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoleCode } from '#shared/constants.ts';
import { ADMIN_ROLES } from '#shared/domain/roles.ts';
import { hasRole } from '../users/roles.ts';
import { currentSession, type CurrentSession } from './session.ts';
import { forbidden, unauthorized } from './app-error.ts';

/** Sessions already looked up for a request: a route may guard in onRequest and again inside. */
const signedIn = new WeakMap<FastifyRequest, CurrentSession['user']>();

/** The signed-in user, or a 401 (docs/architecture.md: guards are verbs that throw). */
export async function requireUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentSession['user']> {
  const known = signedIn.get(request);
  if (known) return known;
  const session = await currentSession(request.server.auth, request, reply);
  if (!session) throw unauthorized();
  signedIn.set(request, session.user);
  return session.user;
}

/**
 * The `onRequest` hook of routes for signed-in users: a signed-out caller gets 401 before the
 * body or query is read or validated, and learns nothing about the route's shape. The handler's
 * own `requireUser` then finds the remembered session.
 */
export async function signedInFirst(request: FastifyRequest, reply: FastifyReply) {
  await requireUser(request, reply);
}

/** The signed-in user holding one of these roles; 401 signed out, 403 otherwise. */
export async function requireRole(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: readonly RoleCode[],
): Promise<CurrentSession['user']> {
  const user = await requireUser(request, reply);
  if (!(await hasRole(request.server.deps.database.db, user.id, allowed))) throw forbidden();
  return user;
}

/**
 * The admin routes' guard (their `onRequest` hook, so it runs before the body and query are
 * validated: a signed-out caller learns nothing about the shape of admin requests).
 */
export const requireAdmin = (request: FastifyRequest, reply: FastifyReply) =>
  requireRole(request, reply, ADMIN_ROLES);

/**
 * onSend: every answer under `/api/me` (a person's own bookings, spaces, calendar…) is
 * `Cache-Control: no-store`, errors included, so no shared or back-button cache keeps it.
 */
export async function noStoreForPersonalAnswers(request: FastifyRequest, reply: FastifyReply) {
  if (/^\/api\/me(?:[/?]|$)/.test(request.url)) reply.header('cache-control', 'no-store');
}

/** Review-desk answers are never cached: they change with every decision. */
export function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}
