import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#web/components/ui/accordion.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import type { TranslationKey } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const groups = [
  { key: 'renting', questions: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] },
  { key: 'hosting', questions: ['q1', 'q2', 'q3', 'q4', 'q5'] },
] as const;

export default function FaqPage() {
  const { t } = useTranslation();
  usePageMeta(t('faq.title'), t('faq.meta.description'));
  return (
    <>
      <PageHeader title={t('faq.title')} intro={t('faq.intro')} />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-12 px-4 py-14 sm:px-6">
        {groups.map(({ key, questions }) => (
          <section key={key} aria-labelledby={`faq-${key}`}>
            <h2 id={`faq-${key}`} className="mb-4 text-2xl font-bold text-ink">
              {t(`faq.${key}.title`)}
            </h2>
            <Accordion type="single" collapsible className="flex flex-col gap-3">
              {questions.map((q) => (
                <AccordionItem key={q} value={`${key}-${q}`}>
                  <AccordionTrigger>
                    {t(`faq.${key}.${q}.question` as TranslationKey)}
                  </AccordionTrigger>
                  <AccordionContent>
                    {t(`faq.${key}.${q}.answer` as TranslationKey)}
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ))}
        <section className="flex flex-col items-start gap-3 rounded-3xl bg-brand-50 p-8">
          <h2 className="text-2xl font-bold text-ink">{t('faq.contact.title')}</h2>
          <p className="text-muted">{t('faq.contact.text')}</p>
          <Link to={paths.contact} className={buttonVariants()}>
            {t('faq.contact.button')}
          </Link>
        </section>
      </div>
    </>
  );
}
