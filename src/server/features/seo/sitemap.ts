import { sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { localizedPath, PUBLIC_PAGES } from '#shared/page-heads.ts';
import type { Db } from '#server/db/client.ts';

/**
 * /sitemap.xml (issue 19, decision 036): every public page and every approved space, each in
 * Arabic and English with its hreflang alternates (sitemaps.org 0.9 and Google's xhtml:link).
 * A sitemap holds at most 50,000 URLs: past SPACES_PER_SITEMAP spaces /sitemap.xml becomes an
 * index of /sitemap/<n>.xml parts, the first of which also lists the pages.
 */
export const SPACES_PER_SITEMAP = 5000;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const LOCALES: Locale[] = ['ar', 'en'];

/** One page in both languages: two <url>s, each naming both versions and the default. */
function urlsOf(origin: string, path: string, lastmod?: string): string {
  const href = (locale: Locale) => escapeXml(`${origin}${localizedPath(path, locale)}`);
  const alternates =
    `<xhtml:link rel="alternate" hreflang="ar" href="${href('ar')}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${href('en')}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href('ar')}"/>`;
  return LOCALES.map(
    (locale) =>
      `<url><loc>${href(locale)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>\n`,
  ).join('');
}

async function approvedCount(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from spaces where status = 'approved'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** The urlset of part `part` (1-based): the pages on the first, then its share of the spaces. */
async function urlset(db: Db, origin: string, part: number, perFile: number): Promise<string> {
  const result = (await db.execute(sql`
    select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as lastmod
    from spaces where status = 'approved'
    order by created_at, id
    offset ${(part - 1) * perFile} limit ${perFile}`)) as unknown as {
    rows: { id: string; lastmod: string }[];
  };
  const pages = part === 1 ? PUBLIC_PAGES.map((path) => urlsOf(origin, path)).join('') : '';
  const spaces = result.rows.map((row) => urlsOf(origin, `/space/${row.id}`, row.lastmod));
  return (
    HEAD +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    pages +
    spaces.join('') +
    '</urlset>\n'
  );
}

/**
 * /sitemap.xml: the whole urlset, or the index of its parts when it is too long for one.
 * `perFile` is SPACES_PER_SITEMAP but in tests.
 */
export async function sitemap(
  db: Db,
  origin: string,
  perFile = SPACES_PER_SITEMAP,
): Promise<string> {
  const count = await approvedCount(db);
  if (count <= perFile) return urlset(db, origin, 1, perFile);
  const parts = Math.ceil(count / perFile);
  const entries = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${i + 1}.xml`)}</loc></sitemap>\n`,
  );
  return (
    HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.join('') +
    '</sitemapindex>\n'
  );
}

/** /sitemap/<part>.xml, or null past the last part (or when one file holds everything). */
export async function sitemapPart(
  db: Db,
  origin: string,
  part: number,
  perFile = SPACES_PER_SITEMAP,
): Promise<string | null> {
  const count = await approvedCount(db);
  if (count <= perFile || part < 1 || part > Math.ceil(count / perFile)) return null;
  return urlset(db, origin, part, perFile);
}

/** /robots.txt: everything but the private areas and the API, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /api',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
