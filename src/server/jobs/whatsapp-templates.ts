import type { Locale } from '#shared/constants.ts';
import {
  WHATSAPP_TEMPLATES,
  type WhatsAppParams,
  type WhatsAppTemplate,
} from '../notices/whatsapp-templates.ts';

/*
 * Rendering a WhatsApp template for the queue: the templates' names and parameters are in
 * src/server/notices/whatsapp-templates.ts, their bodies in the notice words
 * (src/server/notices/words/). README.md lists them for the operator.
 */

/** The parameters in the template's order ({{1}}, {{2}}, …). */
export function orderedParams<T extends WhatsAppTemplate>(
  template: T,
  params: WhatsAppParams<T>,
): string[] {
  return WHATSAPP_TEMPLATES[template].params.map(
    (name) => (params as Record<string, string>)[name] ?? '',
  );
}

/** The text a template makes with its parameters, as the recipient reads it. */
export function renderWhatsAppText(
  template: WhatsAppTemplate,
  locale: Locale,
  params: string[],
): string {
  return WHATSAPP_TEMPLATES[template][locale].replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => params[Number(n) - 1] ?? '',
  );
}
