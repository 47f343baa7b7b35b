import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '#shared/constants.ts';
import {
  canonicalUrl,
  documentTitle,
  PAGE_HEADS,
  PRIVATE_PAGES,
  PUBLIC_PAGES,
  type PublicPage,
  SPACE_PAGE,
} from '#shared/page-heads.ts';
import { spaceDescription, spaceName } from '#shared/domain/listing-text.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from './share-image.ts';

/**
 * The head of every page the server sends (issue 19, decision 036): its status — 404 for an
 * unknown path, a placeholder, or a space this visitor may not see — and the tags search engines
 * and share cards read: title, description, canonical URL, hreflang alternates, Open Graph,
 * Twitter card and, on a space's page, schema.org JSON-LD.
 */
export interface PageHead {
  status: 200 | 404;
  /** the tags that replace the shell's <title> and description */
  tags: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside <script type="application/ld+json">: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const OG_LOCALE: Record<Locale, string> = { ar: 'ar_SA', en: 'en_US' };

interface Indexable {
  path: string;
  title: string;
  description: string;
  image: { url: string; width: number; height: number; alt: string } | null;
  jsonLd?: unknown;
}

function indexableTags(origin: string, locale: Locale, page: Indexable): string {
  const url = (l: Locale) => canonicalUrl(origin, page.path, l);
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  const heads = PAGE_HEADS[locale];
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(url(locale))}" />`,
    `<link rel="alternate" hreflang="ar" href="${escapeHtml(url('ar'))}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(url('en'))}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url('ar'))}" />`,
    meta('property', 'og:site_name', heads.siteName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url(locale)),
    meta('property', 'og:locale', OG_LOCALE[locale]),
    meta('property', 'og:locale:alternate', OG_LOCALE[other]),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
  ];
  if (page.image) {
    tags.push(
      meta('property', 'og:image', page.image.url),
      meta('property', 'og:image:width', String(page.image.width)),
      meta('property', 'og:image:height', String(page.image.height)),
      meta('property', 'og:image:alt', page.image.alt),
      meta('name', 'twitter:image', page.image.url),
      meta('name', 'twitter:image:alt', page.image.alt),
    );
  }
  if (page.jsonLd) {
    tags.push(`<script type="application/ld+json">${scriptJson(page.jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}

function notIndexedTags(title: string, description: string): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');
}

/** Halalas as SAR with two decimals, as schema.org's price wants ("350.00"). */
const sar = (halalas: number) => (halalas / 100).toFixed(2);

/** schema.org: the space as a place (its address) that is offered per hour in SAR. */
function spaceJsonLd(
  origin: string,
  locale: Locale,
  space: SpaceDetails,
  imageUrl: string | null,
): unknown {
  const url = canonicalUrl(origin, `/space/${space.id}`, locale);
  return {
    '@context': 'https://schema.org',
    '@type': ['Place', 'Product'],
    '@id': `${origin}/space/${space.id}`,
    name: spaceName(space, locale),
    description: spaceDescription(space, locale) ?? PAGE_HEADS[locale].siteDescription,
    url,
    ...(imageUrl ? { image: imageUrl } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: space.address,
      addressLocality: PAGE_HEADS[locale].cities[space.city],
      addressCountry: space.country || 'SA',
    },
    maximumAttendeeCapacity: space.capacity,
    ...(space.googleMapsUrl ? { hasMap: space.googleMapsUrl } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: sar(space.priceHalalas),
      priceCurrency: 'SAR',
      availability:
        space.status === 'approved'
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: sar(space.priceHalalas),
        priceCurrency: 'SAR',
        unitCode: 'HUR',
        unitText: locale === 'ar' ? 'ساعة' : 'hour',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'HUR' },
      },
    },
  };
}

/**
 * The head of `request`'s page in `locale`. A space's page asks the API, in process and with the
 * visitor's cookie, exactly as the page itself does: whoever gets a 404 there gets one here.
 */
export function createPageHead(app: FastifyInstance) {
  const origin = app.deps.config.publicUrl;
  return async (request: FastifyRequest, locale: Locale): Promise<PageHead> => {
    const path = request.url.split('?')[0] ?? '/';
    const heads = PAGE_HEADS[locale];
    const notFound: PageHead = {
      status: 404,
      tags: notIndexedTags(documentTitle(locale, heads.notFound.title), heads.notFound.description),
    };
    if ((PUBLIC_PAGES as readonly string[]).includes(path)) {
      const texts = heads.pages[path as PublicPage];
      return {
        status: 200,
        tags: indexableTags(origin, locale, {
          path,
          title: documentTitle(locale, texts.title),
          description: texts.description,
          image: null,
        }),
      };
    }
    if (PRIVATE_PAGES.some((page) => page.test(path))) {
      return { status: 200, tags: notIndexedTags(heads.siteTitle, heads.siteDescription) };
    }
    const spaceId = SPACE_PAGE.exec(path)?.[1];
    if (!spaceId) return notFound;
    const answer = await app.inject({
      method: 'GET',
      url: `/api/spaces/${spaceId}`,
      headers: {
        accept: 'application/json',
        'accept-language': locale,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
      remoteAddress: request.ip,
    });
    if (answer.statusCode !== 200) return notFound;
    const space = answer.json<SpaceDetails>();
    const name = spaceName(space, locale);
    const image = space.images.length
      ? {
          url: `${origin}${shareImagePath(space.id)}`,
          width: SHARE_IMAGE_WIDTH,
          height: SHARE_IMAGE_HEIGHT,
          alt: name,
        }
      : null;
    const page: Indexable = {
      path: `/space/${space.id}`,
      title: documentTitle(locale, name),
      description: spaceDescription(space, locale) ?? heads.siteDescription,
      image,
      jsonLd: spaceJsonLd(origin, locale, space, image?.url ?? null),
    };
    // A host's or an admin's look at a listing that is not public: shown, never indexed.
    if (space.status !== 'approved' && space.status !== 'paused') {
      return { status: 200, tags: notIndexedTags(page.title, page.description) };
    }
    return { status: 200, tags: indexableTags(origin, locale, page) };
  };
}
