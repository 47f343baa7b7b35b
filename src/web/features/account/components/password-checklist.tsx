import { Check, X } from 'lucide-react';
import { checkPassword, PASSWORD_RULES } from '#shared/domain/password-policy.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** The password rules, ticked live as the user types (docs/product-spec.md §5). */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const result = checkPassword(password);
  return (
    <ul id={id} className="grid gap-1 text-sm sm:grid-cols-2" aria-live="polite">
      {PASSWORD_RULES.map((rule) => (
        <li
          key={rule}
          className={
            result[rule]
              ? 'flex items-center gap-1.5 text-brand-700'
              : 'flex items-center gap-1.5 text-muted'
          }
        >
          {result[rule] ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <X aria-hidden className="size-4" />
          )}
          <span>{t(`auth.password.${rule}`)}</span>
          <span className="sr-only">
            {result[rule] ? t('auth.password.met') : t('auth.password.notMet')}
          </span>
        </li>
      ))}
    </ul>
  );
}
