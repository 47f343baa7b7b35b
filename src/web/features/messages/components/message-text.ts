import type { Message } from '#shared/schemas/messages.ts';
import type { Translate } from '#web/lib/i18n.ts';

/** What a message says on screen: a booking request's line in the reader's language. */
export function messagePreview(
  message: Pick<Message, 'kind' | 'body' | 'bookingReference'>,
  t: Translate,
) {
  return message.kind === 'booking'
    ? t('messages.bookingLine', { reference: message.bookingReference ?? message.body })
    : message.body;
}
