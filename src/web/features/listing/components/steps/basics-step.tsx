import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { SPACE_TYPES, type Locale } from '#shared/constants.ts';
import { formatNumber } from '#shared/format.ts';
import { SPACE_DESCRIPTION_MAX } from '#shared/schemas/space-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { translateText } from '#web/features/listing/api/translate-text.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { ChoiceGroup, chipClass } from './choice-group.tsx';
import type { WizardStepProps } from './wizard-step-props.ts';

const other = (locale: Locale): Locale => (locale === 'ar' ? 'en' : 'ar');
const suffix = (locale: Locale) => (locale === 'ar' ? 'Ar' : 'En');

/**
 * Step 1, the basics: the listing's language, its name and description in that language, the
 * type of space, and the other language's name and description (typed, or translated on request).
 */
export function BasicsStep({ form, signedIn, translationOn }: WizardStepProps) {
  const { t } = useTranslation();
  // Translating needs the service configured and an account (the endpoint is for users only).
  const canTranslate = translationOn && signedIn;
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const listingLanguage = (useWatch({ control: form.control, name: 'listingLanguage' }) ??
    'ar') as Locale;
  const otherLanguage = other(listingLanguage);
  const main = suffix(listingLanguage);
  const second = suffix(otherLanguage);
  const [translating, setTranslating] = useState(false);

  const translate = async () => {
    const name = String(form.getValues(`name${main}`) ?? '').trim();
    const description = String(form.getValues(`description${main}`) ?? '').trim();
    if (!name && !description) {
      await form.trigger([`name${main}`, `description${main}`]);
      return;
    }
    setTranslating(true);
    try {
      const [nameText, descriptionText] = await Promise.all([
        name ? translateText(name, listingLanguage, otherLanguage) : null,
        description ? translateText(description, listingLanguage, otherLanguage) : null,
      ]);
      if (nameText) form.setValue(`name${second}`, nameText.text, { shouldDirty: true });
      if (descriptionText)
        form.setValue(`description${second}`, descriptionText.text, { shouldDirty: true });
      toast({ title: t('listSpace.translate.done') });
    } catch {
      toast({ variant: 'destructive', title: t('errors:TRANSLATION_FAILED') });
    } finally {
      setTranslating(false);
    }
  };

  const textFields = (lang: Locale, required: boolean) => {
    const s = suffix(lang);
    const languageName = t(`listSpace.language.${lang}`);
    return (
      <>
        <Field
          label={
            required
              ? t('listSpace.basics.name', { language: languageName })
              : t('listSpace.basics.nameOther', { inLanguage: t(`listSpace.language.in.${lang}`) })
          }
          error={fieldError(errors[`name${s}`]?.message)}
        >
          {(control) => (
            <Input
              {...control}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              {...form.register(`name${s}`)}
            />
          )}
        </Field>
        <Field
          label={
            required
              ? t('listSpace.basics.description', { language: languageName })
              : t('listSpace.basics.descriptionOther', {
                  inLanguage: t(`listSpace.language.in.${lang}`),
                })
          }
          hint={t('listSpace.basics.descriptionHint', {
            max: formatNumber(SPACE_DESCRIPTION_MAX, lang),
          })}
          error={fieldError(errors[`description${s}`]?.message)}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              {...form.register(`description${s}`)}
            />
          )}
        </Field>
      </>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <ChoiceGroup
        legend={t('listSpace.basics.listingLanguage')}
        hint={t('listSpace.basics.listingLanguageHint')}
        error={fieldError(errors.listingLanguage?.message)}
      >
        {() => (
          <div className="flex flex-wrap gap-2">
            {(['ar', 'en'] as const).map((lang) => (
              <label key={lang} className={chipClass}>
                <input
                  type="radio"
                  value={lang}
                  className="size-4 accent-brand-700"
                  {...form.register('listingLanguage')}
                />
                {t(`listSpace.language.${lang}`)}
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>
      {textFields(listingLanguage, true)}
      <Field label={t('listSpace.basics.type')} error={fieldError(errors.type?.message)}>
        {(control) => (
          <Select {...control} {...form.register('type')}>
            <option value="">{t('listSpace.choose')}</option>
            {SPACE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`spaceTypes.${type}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <section
        aria-labelledby="other-language-title"
        className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-4 sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h3 id="other-language-title" className="font-bold text-ink">
              {t(`listSpace.basics.otherTitle.${otherLanguage}`)}
            </h3>
            <p className="text-sm text-muted">{t('listSpace.basics.otherHint')}</p>
          </div>
          {canTranslate && (
            <Button type="button" variant="outline" onClick={translate} disabled={translating}>
              <Languages aria-hidden />
              {translating
                ? t('listSpace.translate.working')
                : t('listSpace.translate.button', {
                    language: t(`listSpace.language.${otherLanguage}`),
                  })}
            </Button>
          )}
        </div>
        {textFields(otherLanguage, false)}
      </section>
    </div>
  );
}
