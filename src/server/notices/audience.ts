import type { Locale } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { adminRecipients } from '#server/users/roles.ts';

/** One person an admins' notice goes to. */
export interface AdminAudienceMember {
  /** the admin's user id, or `team` for the team's address */
  key: string;
  email: string;
  locale: Locale;
}

/**
 * Who "the admins" are for a notice (the `admins` audience of the notice table): every admin,
 * each once, in a stable order — or, while nobody holds an admin role yet, the team's address
 * (TEAM_EMAIL) in `team.locale`. With no team address given, nobody.
 */
export async function adminAudience(
  q: Queryable,
  team: { email?: string; locale: Locale },
): Promise<AdminAudienceMember[]> {
  const admins = await adminRecipients(q);
  if (admins.length > 0)
    return admins.map((a) => ({ key: a.id, email: a.email, locale: a.locale }));
  return team.email ? [{ key: 'team', email: team.email, locale: team.locale }] : [];
}
