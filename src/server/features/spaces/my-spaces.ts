import { desc, eq } from 'drizzle-orm';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import type { Db } from '#server/db/client.ts';
import { spaces } from '#server/db/schema.ts';
import { toMySpace } from './space-views.ts';

/** The most listings "My spaces" shows (newest first). */
export const MY_SPACES_LIMIT = 200;

/** The user's own listings with their review status and, when rejected, the reason. */
export async function listMySpaces(db: Db, hostId: string): Promise<MySpace[]> {
  const rows = await db
    .select()
    .from(spaces)
    .where(eq(spaces.hostId, hostId))
    .orderBy(desc(spaces.createdAt), desc(spaces.id))
    .limit(MY_SPACES_LIMIT);
  return rows.map(toMySpace);
}
