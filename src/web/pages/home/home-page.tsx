import { ArrowLeft, ArrowRight, CalendarCheck, Search, Send } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import hero640 from '#web/assets/illustrations/hero-640.webp';
import hero960 from '#web/assets/illustrations/hero-960.webp';
import hero1280 from '#web/assets/illustrations/hero-1280.webp';
import { CategoryGrid } from '#web/features/home/components/category-grid.tsx';
import { HeroSearch } from '#web/features/home/components/hero-search.tsx';
import { VenueSlideshow } from '#web/features/home/components/venue-slideshow.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

const steps = [
  { key: 'step1', Icon: Search },
  { key: 'step2', Icon: Send },
  { key: 'step3', Icon: CalendarCheck },
] as const;

export default function HomePage() {
  const { t, i18n } = useTranslation();
  usePageMeta(null, t('home.meta.description'));
  const Forward = i18n.dir() === 'rtl' ? ArrowLeft : ArrowRight;

  return (
    <>
      <section className="relative overflow-hidden bg-brand-900">
        <img
          src={hero1280}
          srcSet={`${hero640} 640w, ${hero960} 960w, ${hero1280} 1280w`}
          sizes="100vw"
          width={1280}
          height={853}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover opacity-60"
        />
        <div className="absolute inset-0 bg-gradient-to-b from-brand-900/70 via-brand-900/55 to-brand-900/85" />
        <div className="relative mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-10 pb-14 sm:px-6 sm:pt-16 sm:pb-20">
          <p className="self-start rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold text-white ring-1 ring-white/25 backdrop-blur">
            {t('home.hero.eyebrow')}
          </p>
          <h1 className="max-w-3xl text-4xl leading-tight font-bold text-balance text-white sm:text-5xl lg:text-6xl">
            {t('home.hero.title')}
          </h1>
          <p className="max-w-2xl text-lg leading-relaxed text-white/90">
            {t('home.hero.subtitle')}
          </p>
          <div className="mt-2 max-w-5xl">
            <HeroSearch />
          </div>
        </div>
      </section>

      <section
        aria-labelledby="categories-title"
        className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6"
      >
        <div className="mb-6 flex flex-col gap-2">
          <h2 id="categories-title" className="text-3xl font-bold text-ink">
            {t('home.categories.title')}
          </h2>
          <p className="text-muted">{t('home.categories.subtitle')}</p>
        </div>
        <CategoryGrid />
      </section>

      <section aria-labelledby="slideshow-title" className="bg-sand-100/60 py-14">
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6">
          <div className="mb-6 flex flex-col gap-2">
            <h2 id="slideshow-title" className="text-3xl font-bold text-ink">
              {t('home.slideshow.title')}
            </h2>
            <p className="text-muted">{t('home.slideshow.subtitle')}</p>
          </div>
          <VenueSlideshow />
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="how-title" className="mb-8 text-3xl font-bold text-ink">
          {t('home.how.title')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map(({ key, Icon }, i) => (
            <li
              key={key}
              className="flex flex-col gap-3 rounded-3xl border border-sand-200 bg-white p-6"
            >
              <span className="flex items-center gap-3">
                <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-700 text-white">
                  <Icon aria-hidden className="size-6" />
                </span>
                <span aria-hidden className="text-4xl font-bold text-sand-200">
                  {i + 1}
                </span>
              </span>
              <h3 className="text-xl font-bold text-ink">{t(`home.how.${key}.title`)}</h3>
              <p className="leading-relaxed text-muted">{t(`home.how.${key}.text`)}</p>
            </li>
          ))}
        </ol>
        <Link
          to={paths.howItWorks}
          className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t('nav.howItWorks')}
          <Forward aria-hidden className="size-4" />
        </Link>
      </section>

      <section className="mx-auto w-full max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-3xl bg-brand-700 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 className="text-3xl font-bold">{t('home.host.title')}</h2>
            <p className="leading-relaxed text-white/85">{t('home.host.text')}</p>
          </div>
          <Link
            to={paths.listYourSpace}
            className="inline-flex h-12 shrink-0 items-center gap-2 rounded-xl bg-gold-400 px-6 font-semibold text-brand-900 hover:bg-gold-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('home.host.cta')}
            <Forward aria-hidden className="size-4" />
          </Link>
        </div>
      </section>
    </>
  );
}
