import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Locale, RoleCode } from '#shared/constants.ts';
import { ADMIN_ROLES } from '#shared/domain/roles.ts';
import type { Queryable } from '../db/client.ts';
import { roles, userRoles, users } from '../db/schema.ts';

/** Does this user hold one of these roles? */
export async function hasRole(
  q: Queryable,
  userId: string,
  allowed: readonly RoleCode[],
): Promise<boolean> {
  const [row] = await q
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), inArray(roles.code, [...allowed])))
    .limit(1);
  return Boolean(row);
}

/** Is this user an admin (src/shared/domain/roles.ts says which roles are)? */
export const isAdmin = (q: Queryable, userId: string) => hasRole(q, userId, ADMIN_ROLES);

export interface AdminRecipient {
  id: string;
  email: string;
  locale: Locale;
}

/**
 * The admins a notice about something to review goes to, each once, in a stable order. Empty when
 * nobody holds an admin role yet: the caller writes to the team's address instead.
 */
export async function adminRecipients(q: Queryable): Promise<AdminRecipient[]> {
  return q
    .selectDistinct({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(roles.code, [...ADMIN_ROLES]))
    .orderBy(asc(users.id));
}
