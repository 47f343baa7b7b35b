import { FIELD_RULES, type FieldRule } from '#shared/message-codes.ts';
import { useTranslation } from './i18n.ts';

/**
 * Turns a form error into text in the current language: a shared schema's `fields.<rule>` key is
 * translated; a message from the server is already in the user's language and shown as it is.
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const rule = message.startsWith('fields.') ? message.slice('fields.'.length) : null;
    if (rule && (FIELD_RULES as readonly string[]).includes(rule))
      return t(`fields:${rule as FieldRule}`);
    return message;
  };
}
