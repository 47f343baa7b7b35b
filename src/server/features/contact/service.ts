import type { Locale } from '#shared/constants.ts';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { Db } from '#server/db/client.ts';
import { contactMessages } from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { contactTeamEmail } from './contact-email.ts';

/** Stores a contact message and, in the same transaction, queues its email to the team. */
export async function submitContactMessage(
  db: Db,
  input: ContactMessage,
  options: { locale: Locale; teamEmail: string },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        message: input.message,
        locale: options.locale,
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    await enqueueMail(
      tx,
      `contact-${id}-team`,
      contactTeamEmail({ ...input, id, locale: options.locale, teamEmail: options.teamEmail }),
    );
    return { id };
  });
}
