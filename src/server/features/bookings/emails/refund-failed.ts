import type { Locale } from '#shared/constants.ts';
import { formatPrice } from '#shared/format.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { wordsFor } from '#server/notices/words.ts';
import { adminDeskUrl } from './booking-details.ts';

/**
 * To one admin (notice table: booking `refundFailed`): the gateway refused a refund (4xx), so the
 * money stays with HourSpace until someone refunds it by hand in the gateway's dashboard.
 */
export function refundFailedAdminEmail(input: {
  locale: Locale;
  to: string;
  reference: string;
  space: string;
  amountHalalas: number;
  gatewayPaymentId: string;
  gatewayError: string;
  publicUrl: string;
}): MailMessage {
  const { locale } = input;
  const words = wordsFor(locale).booking;
  const said = words.refundFailed.admin;
  return renderEmail({
    locale,
    to: input.to,
    subject: said.subject(input.reference),
    paragraphs: [
      said.body(formatPrice(input.amountHalalas, locale), input.reference, input.space),
      said.details(input.gatewayPaymentId, input.gatewayError),
      said.action,
    ],
    button: { label: words.buttons.reviewDesk, url: adminDeskUrl(input.publicUrl) },
  });
}
