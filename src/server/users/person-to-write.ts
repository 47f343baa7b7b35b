import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

/**
 * What an email to a person needs of their account: the address, the language and the names
 * their greeting is made of (`displayName`). Undefined when the account is gone.
 */
export async function personToWrite(q: Queryable, userId: string) {
  const [person] = await q
    .select({
      email: users.email,
      locale: users.locale,
      name: users.name,
      fullName: users.fullName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return person;
}
