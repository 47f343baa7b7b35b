import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, type Locale } from '#shared/constants.ts';
import { fillPlaceholders, parseMarkdown, type Block } from '#shared/domain/markdown.ts';
import { REVIEW_EDIT_DAYS } from '#shared/domain/reviews.ts';
import { formatNumber } from '#shared/format.ts';
import {
  CONTENT_PAGES,
  contentPageSchema,
  type ContentPage,
  type ContentPageResponse,
} from '#shared/schemas/pages.ts';
import type { Config } from '#server/env.ts';
import { notFound } from '#server/http/app-error.ts';

/** The Markdown the business edits: content/pages/<page>.<ar|en>.md at the repository's root. */
export const PAGES_DIR = new URL('../../../../content/pages/', import.meta.url);

/** What a page may name as `{{name}}`: the business identity and the rules the product enforces. */
export function pageValues(config: Config, locale: Locale): Record<string, string> {
  const b = config.business;
  const n = (value: number) => formatNumber(value, locale);
  return {
    legalName: b.legalName[locale],
    commercialRegistration: b.commercialRegistration,
    vatNumber: b.vatNumber,
    nationalAddress: b.nationalAddress[locale],
    email: b.email,
    phone: b.phone,
    requestTtlHours: n(config.requests.ttlHours),
    reviewEditDays: n(REVIEW_EDIT_DAYS),
    // "delete my account": the grace before the erasure (decision 071), in whole days
    deletionGraceDays: n(Math.ceil(config.account.deletionGraceHours / 24)),
  };
}

/** A page in both languages, parsed once per process (the files change with a deploy). */
export async function loadContentPage(config: Config, page: ContentPage) {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const source = await readFile(new URL(`${page}.${locale}.md`, PAGES_DIR), 'utf8');
      return [locale, parseMarkdown(fillPlaceholders(source, pageValues(config, locale)))] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Locale, Block[]>;
}

/** GET /api/pages/{page}: /about, /terms and /privacy in both languages (issue 38). */
export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<ContentPage, Promise<Record<Locale, Block[]>>>();
  app.get(
    '/pages/:page',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        params: z.object({ page: z.string().max(40) }),
        response: { 200: contentPageSchema },
      },
    },
    async (request, reply): Promise<ContentPageResponse> => {
      const page = CONTENT_PAGES.find((name) => name === request.params.page);
      if (!page) throw notFound();
      let loading = cache.get(page);
      if (!loading) {
        loading = loadContentPage(app.deps.config, page);
        loading.catch(() => cache.delete(page));
        cache.set(page, loading);
      }
      reply.header('cache-control', 'public, max-age=300');
      return { page, ...(await loading) };
    },
  );
};
