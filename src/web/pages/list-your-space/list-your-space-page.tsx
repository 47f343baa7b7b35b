import { BadgeCheck, Clock3, Languages, Quote, Users } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import podcasts640 from '#web/assets/illustrations/podcasts-640.webp';
import podcasts1280 from '#web/assets/illustrations/podcasts-1280.webp';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

const stats = ['spaces', 'bookings', 'cities'] as const;
const benefits = [
  { key: 'b1', Icon: Clock3 },
  { key: 'b2', Icon: Languages },
  { key: 'b3', Icon: BadgeCheck },
  { key: 'b4', Icon: Users },
] as const;
const testimonials = ['t1', 't2', 't3'] as const;

/** The host landing page (nav label "Host with us"): how to list, benefits, testimonials. */
export default function ListYourSpacePage() {
  const { t } = useTranslation();
  usePageMeta(t('listYourSpace.title'), t('listYourSpace.meta.description'));
  const cta = (
    <Link to={paths.newListing} className={buttonVariants({ variant: 'accent', size: 'lg' })}>
      {t('listYourSpace.cta.button')}
    </Link>
  );
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
          <div className="flex flex-col gap-6">
            <h1 className="max-w-3xl text-4xl leading-tight font-bold text-balance sm:text-5xl">
              {t('listYourSpace.title')}
            </h1>
            <p className="max-w-2xl text-lg leading-relaxed text-white/85">
              {t('listYourSpace.subtitle')}
            </p>
            <div className="flex flex-col items-start gap-2">
              {cta}
              <p className="text-sm text-white/70">{t('listYourSpace.cta.signInNote')}</p>
            </div>
            <dl className="mt-4 grid max-w-3xl grid-cols-3 gap-3">
              {stats.map((key) => (
                <div
                  key={key}
                  className="flex flex-col-reverse gap-1 rounded-2xl bg-white/10 p-4 ring-1 ring-white/15"
                >
                  <dt className="text-sm text-white/80">{t(`listYourSpace.stats.${key}.label`)}</dt>
                  <dd className="text-3xl font-bold text-gold-400 sm:text-4xl" dir="ltr">
                    {t(`listYourSpace.stats.${key}.value`)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <img
            src={podcasts1280}
            srcSet={`${podcasts640} 640w, ${podcasts1280} 1280w`}
            sizes="(min-width: 1024px) 40vw, 0px"
            width={1280}
            height={853}
            alt=""
            decoding="async"
            className="hidden rounded-3xl shadow-2xl ring-1 ring-white/10 lg:block"
          />
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="how-title" className="mb-8 text-3xl font-bold text-ink">
          {t('listYourSpace.how.title')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {(['step1', 'step2', 'step3'] as const).map((step, i) => (
            <li
              key={step}
              className="flex flex-col gap-2 rounded-3xl border border-sand-200 bg-white p-6"
            >
              <span
                aria-hidden
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="text-xl font-bold text-ink">{t(`listYourSpace.how.${step}.title`)}</h3>
              <p className="leading-relaxed text-muted">{t(`listYourSpace.how.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="benefits-title" className="bg-sand-100/60 py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="benefits-title" className="mb-8 text-3xl font-bold text-ink">
            {t('listYourSpace.benefits.title')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map(({ key, Icon }) => (
              <li key={key} className="flex flex-col gap-3 rounded-3xl bg-white p-6 shadow-card">
                <Icon aria-hidden className="size-7 text-brand-700" />
                <h3 className="text-lg font-bold text-ink">
                  {t(`listYourSpace.benefits.${key}.title`)}
                </h3>
                <p className="leading-relaxed text-muted">
                  {t(`listYourSpace.benefits.${key}.text`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="testimonials-title"
        className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6"
      >
        <h2 id="testimonials-title" className="mb-8 text-3xl font-bold text-ink">
          {t('listYourSpace.testimonials.title')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {testimonials.map((key) => (
            <li key={key}>
              <figure className="flex h-full flex-col gap-4 rounded-3xl border border-sand-200 bg-white p-6">
                <Quote aria-hidden className="size-8 text-gold-500 rtl:-scale-x-100" />
                <blockquote className="flex-1 leading-relaxed text-ink">
                  {t(`listYourSpace.testimonials.${key}.quote`)}
                </blockquote>
                <figcaption>
                  <span className="block font-bold text-ink">
                    {t(`listYourSpace.testimonials.${key}.name`)}
                  </span>
                  <span className="text-sm text-muted">
                    {t(`listYourSpace.testimonials.${key}.role`)}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto w-full max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col items-center gap-4 rounded-3xl bg-brand-700 p-10 text-center text-white">
          <h2 className="text-3xl font-bold">{t('listYourSpace.cta.title')}</h2>
          <p className="max-w-2xl leading-relaxed text-white/85">{t('listYourSpace.cta.text')}</p>
          {cta}
        </div>
      </section>
    </>
  );
}
