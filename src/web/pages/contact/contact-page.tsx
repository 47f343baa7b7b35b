import { Clock, MessageCircle } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { usePublicConfig } from '#web/features/config/api/get-public-config.ts';
import { ContactForm } from '#web/features/contact/components/contact-form.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

export default function ContactPage() {
  const { t } = useTranslation();
  usePageMeta(t('contact.title'), t('contact.meta.description'));
  const config = usePublicConfig();
  // Only a configured number (WHATSAPP_NUMBER) is ever linked: without one there is no WhatsApp
  // card at all, never a placeholder a stranger would answer.
  const whatsappHref = config?.whatsappNumber
    ? `https://wa.me/${config.whatsappNumber}?text=${encodeURIComponent(t('contact.whatsapp.greeting'))}`
    : undefined;

  return (
    <>
      <PageHeader title={t('contact.title')} intro={t('contact.subtitle')} />
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[1.5fr_1fr]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-3xl border border-sand-200 bg-white p-6 sm:p-8"
        >
          <h2 id="contact-form-title" className="mb-6 text-2xl font-bold text-ink">
            {t('contact.email.title')}
          </h2>
          <ContactForm />
        </section>
        <aside className="flex flex-col gap-4">
          {whatsappHref && (
            <section
              aria-labelledby="whatsapp-title"
              className="flex flex-col gap-3 rounded-3xl bg-brand-700 p-6 text-white sm:p-8"
            >
              <MessageCircle aria-hidden className="size-8 text-gold-400" />
              <h2 id="whatsapp-title" className="text-2xl font-bold">
                {t('contact.whatsapp.title')}
              </h2>
              <p className="leading-relaxed text-white/85">{t('contact.whatsapp.text')}</p>
              <a
                href={whatsappHref}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-flex h-12 items-center justify-center gap-2 self-start rounded-xl bg-[#25D366] px-6 font-semibold text-[#0b3d22] hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {t('contact.whatsapp.button')}
                <span className="sr-only">{t('a11y.newTab')}</span>
              </a>
            </section>
          )}
          <p className="flex items-start gap-3 rounded-3xl border border-sand-200 bg-white p-6 text-muted">
            <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {t('contact.hours')}
          </p>
        </aside>
      </div>
    </>
  );
}
