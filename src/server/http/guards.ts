import type { FastifyReply, FastifyRequest } from 'fastify';
import { inArray, eq, and } from 'drizzle-orm';
import type { RoleCode } from '#shared/constants.ts';
import { roles, userRoles } from '../db/schema.ts';
import { currentSession, type CurrentSession } from '../features/account/session.ts';
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

/** The signed-in user holding one of these roles; 401 signed out, 403 otherwise. */
export async function requireRole(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: RoleCode[],
): Promise<CurrentSession['user']> {
  const user = await requireUser(request, reply);
  const [row] = await request.server.deps.database.db
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, user.id), inArray(roles.code, allowed)))
    .limit(1);
  if (!row) throw forbidden();
  return user;
}
