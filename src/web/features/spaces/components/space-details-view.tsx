import {
  CalendarRange,
  Clock,
  ExternalLink,
  Languages,
  Mail,
  MapPinned,
  MessageCircle,
  Phone,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { WEEK_DISPLAY_ORDER, type Locale } from '#shared/constants.ts';
import { localText } from '#shared/domain/listing-text.ts';
import { normalizeSaudiMobile } from '#shared/domain/phone.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { formatEndTime, formatPrice, formatTime, isolate } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import { loadTextSections, useTranslation } from '#web/lib/i18n.ts';
import { serverRenderedPart } from '#web/lib/server-rendered-part.tsx';
import { BookingRules, CancellationPolicyNote } from './booking-rules.tsx';
import { BookBar } from './book-bar.tsx';
import { Gallery } from './gallery.tsx';
import { SpaceAddressCard } from './space-address-card.tsx';

/**
 * "Share" beside the title (decision 079): in the server's HTML, its panel opened by the browser
 * before the app runs; its code (copy link, the system's share sheet) and texts load apart, and
 * React hydrates it alone once they are in (decision 075), so the route's code does not grow.
 */
const SpaceShare = serverRenderedPart(async () => {
  const [{ SpaceShare: Share }] = await Promise.all([
    import('./space-share.tsx'),
    loadTextSections(['share']),
  ]);
  return Share;
});

/** The amenities' list and icons: read, never tapped, hydrated on their own (decision 079). */
const SpaceAmenities = serverRenderedPart(
  async () => (await import('./space-amenities.tsx')).SpaceAmenities,
);

/** The Saudi week starts on Sunday: days are listed in that order. */
const WEEK = WEEK_DISPLAY_ORDER;

/**
 * Where the map points: the host's Google Maps link when it carries coordinates or a place,
 * else the address and city.
 */
export function mapQuery(space: Pick<SpaceDetails, 'googleMapsUrl' | 'address'>, cityName: string) {
  if (space.googleMapsUrl) {
    try {
      const q = new URL(space.googleMapsUrl).searchParams.get('q');
      if (q) return q;
    } catch {
      /* not a URL: use the address */
    }
  }
  return `${space.address}, ${cityName}`;
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-t border-sand-200 pt-6">
      <h2 id={id} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Space details (docs/product-spec.md §2): everything a renter checks before asking to book. */
/**
 * The details of one space. `bookingPanel` is the booking form, which the page passes in (the
 * bookings feature owns it; features do not import each other); `askHost`, likewise, is the
 * messages feature's "ask the host" and the host's response time, shown under the contact.
 */
export function SpaceDetailsView({
  space,
  bookingPanel,
  askHost,
}: {
  space: SpaceDetails;
  bookingPanel?: ReactNode;
  askHost?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const name = localText({ ar: space.nameAr, en: space.nameEn }, locale);
  const description = localText({ ar: space.descriptionAr, en: space.descriptionEn }, locale);
  const cityName = t(`cities.${space.city}`);
  const query = mapQuery(space, cityName);
  const mapsLink =
    space.googleMapsUrl ??
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
  const [showMap, setShowMap] = useState(false);
  const whatsapp = space.contactPhone ? normalizeSaudiMobile(space.contactPhone) : null;
  const price = formatPrice(space.priceHalalas, locale);

  return (
    <article
      className={`mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 ${
        // Room under the last section for the book bar on phones.
        bookingPanel && space.status === 'approved' ? 'pb-28 lg:pb-8' : ''
      }`}
    >
      <header className="mb-6 flex flex-col gap-2">
        <p className="flex items-center gap-2 font-semibold text-brand-700">
          {t(`spaceTypes.${space.type}`)}
          <span aria-hidden>·</span>
          <MapPinned aria-hidden className="size-4" />
          {cityName}
        </p>
        <div className="flex items-start justify-between gap-3">
          <h1
            className="text-3xl leading-tight font-bold text-ink sm:text-4xl"
            lang={name.language}
            dir="auto"
          >
            {name.text}
          </h1>
          <SpaceShare spaceId={space.id} name={name.text} />
        </div>
        {space.status !== 'approved' && (
          <p className="self-start rounded-full bg-gold-400/30 px-3 py-1 text-sm font-semibold text-brand-900">
            {t(`space.status.${space.status}`)}
          </p>
        )}
      </header>

      <div className="grid gap-8 lg:grid-cols-[1fr_380px]">
        <div className="flex min-w-0 flex-col gap-6">
          {space.images.length > 0 && <Gallery images={space.images} name={name.text} />}

          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-ink">
            <li className="flex items-center gap-2" data-testid="price-per-hour">
              <span className="text-lg font-bold text-brand-700">{price}</span>
              <span className="text-muted">{t('explore.card.perHour')}</span>
              <span className="text-sm text-muted">· {t('explore.card.vatIncluded')}</span>
            </li>
            <li className="flex items-center gap-2">
              <Users aria-hidden className="size-5 text-brand-700" />
              {t('space.capacity', {
                guests: formatCount(space.capacity, 'guests', locale, { case: 'oblique' }),
              })}
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden className="size-5 text-brand-700" />
              {t('space.hours', {
                opens: formatTime(space.opensAt, locale),
                closes: formatEndTime(space.opensAt, space.closesAt, locale),
              })}
            </li>
          </ul>

          <Section title={t('space.about')} id="about-title">
            {!description.translated && (
              <p className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
                <Languages aria-hidden className="size-4 shrink-0" />
                {t(`space.onlyIn.${description.language}`)}
              </p>
            )}
            <p
              className="leading-relaxed whitespace-pre-line text-ink"
              lang={description.language}
              dir="auto"
            >
              {description.text}
            </p>
          </Section>

          <Section title={t('space.amenities')} id="amenities-title">
            <SpaceAmenities amenities={space.amenities.join(' ')} />
          </Section>

          <Section title={t('space.availability')} id="availability-title">
            <ul className="flex flex-wrap gap-2" aria-label={t('space.days')}>
              {WEEK.map((day) => {
                const open = space.availableDays.includes(day);
                return (
                  <li
                    key={day}
                    className={
                      open
                        ? 'rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white'
                        : 'rounded-full border border-sand-200 px-3 py-1 text-sm text-muted line-through'
                    }
                  >
                    {t(`days.${day}`)}
                    <span className="sr-only">
                      {' '}
                      {open ? t('space.dayOpen') : t('space.dayClosed')}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="flex items-center gap-2 text-ink">
              <CalendarRange aria-hidden className="size-5 text-brand-700" />
              {t('space.hours', {
                opens: formatTime(space.opensAt, locale),
                closes: formatEndTime(space.opensAt, space.closesAt, locale),
              })}
            </p>
            <BookingRules space={space} />
            <CancellationPolicyNote policy={space.cancellationPolicy} />
          </Section>

          <Section title={t('space.location')} id="location-title">
            {/* The same box before and after the map is asked for: nothing below it moves. */}
            <div className="aspect-[4/3] overflow-hidden rounded-card border border-sand-200 bg-sand-100 sm:aspect-[16/9]">
              {showMap ? (
                <iframe
                  title={t('space.mapTitle', { name: name.text })}
                  src={`https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=15&output=embed`}
                  width={800}
                  height={450}
                  loading="lazy"
                  referrerPolicy="no-referrer-when-downgrade"
                  className="size-full border-0"
                />
              ) : (
                <SpaceAddressCard
                  address={space.address}
                  cityName={cityName}
                  onShowMap={() => setShowMap(true)}
                />
              )}
            </div>
            {showMap && (
              // The card gave way to the map: the address stays in words.
              <p className="flex items-start gap-2 text-ink">
                <MapPinned aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
                <span>
                  {t('space.addressLine', { address: isolate(space.address), city: cityName })}
                </span>
              </p>
            )}
            <a
              href={mapsLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 self-start font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              <ExternalLink aria-hidden className="size-4" />
              {t('space.openInMaps')}
            </a>
          </Section>

          <Section title={t('space.contact')} id="contact-title">
            <ul className="flex flex-col gap-2">
              {space.contactPhone && (
                <li>
                  <a
                    href={`tel:${space.contactPhone}`}
                    className="inline-flex items-center gap-2 text-ink hover:text-brand-700"
                  >
                    <Phone aria-hidden className="size-5 text-brand-700" />
                    <span dir="ltr">{space.contactPhone}</span>
                  </a>
                </li>
              )}
              {space.contactEmail && (
                <li>
                  <a
                    href={`mailto:${space.contactEmail}`}
                    className="inline-flex items-center gap-2 text-ink hover:text-brand-700"
                  >
                    <Mail aria-hidden className="size-5 text-brand-700" />
                    <span dir="ltr">{space.contactEmail}</span>
                  </a>
                </li>
              )}
              {whatsapp && (
                <li>
                  <a
                    href={`https://wa.me/${whatsapp.slice(1)}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 text-ink hover:text-brand-700"
                  >
                    <MessageCircle aria-hidden className="size-5 text-brand-700" />
                    {t('space.whatsapp')}
                  </a>
                </li>
              )}
            </ul>
            {askHost}
          </Section>
        </div>

        {/* The booking form (its own title, price and hours) sits beside the details. */}
        <aside id="booking" className="scroll-mt-24 lg:sticky lg:top-24 lg:self-start">
          {bookingPanel}
        </aside>
      </div>
      {bookingPanel && space.status === 'approved' && <BookBar price={price} targetId="booking" />}
    </article>
  );
}
