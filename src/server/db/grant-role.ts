import { eq, sql } from 'drizzle-orm';
import { ROLE_CODES, type RoleCode } from '#shared/constants.ts';
import type { Db } from './client.ts';
import { roles, userRoles, users } from './schema.ts';

/** Gives a user a role (idempotent). Throws with a plain message when the user or role is unknown. */
export async function grantRole(db: Db, email: string, role: RoleCode): Promise<void> {
  if (!ROLE_CODES.includes(role))
    throw new Error(`Unknown role "${role}". Roles: ${ROLE_CODES.join(', ')}`);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user) throw new Error(`No user with the email ${email}`);
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, role));
  await db.insert(userRoles).values({ userId: user.id, roleId: row!.id }).onConflictDoNothing();
}
