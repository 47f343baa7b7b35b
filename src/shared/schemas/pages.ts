import { z } from 'zod';

/** The pages written in Markdown by the business (content/pages/, issue 38). */
export const CONTENT_PAGES = ['about', 'terms', 'privacy'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

const inlineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('strong'), text: z.string() }),
  z.object({ kind: z.literal('link'), text: z.string(), href: z.string() }),
]);

export const blockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('heading'),
    level: z.union([z.literal(2), z.literal(3)]),
    text: z.string(),
  }),
  z.object({ kind: z.literal('paragraph'), inlines: z.array(inlineSchema) }),
  z.object({ kind: z.literal('list'), items: z.array(z.array(inlineSchema)) }),
]);

/** GET /api/pages/{page}: the page in both languages, its business details filled in. */
export const contentPageSchema = z.object({
  page: z.enum(CONTENT_PAGES),
  ar: z.array(blockSchema),
  en: z.array(blockSchema),
});
export type ContentPageResponse = z.infer<typeof contentPageSchema>;

/** Who runs the service (server: business-identity.ts), as the footer and the pages show it. */
export const publicBusinessSchema = z.object({
  legalName: z.object({ ar: z.string(), en: z.string() }),
  commercialRegistration: z.string(),
  vatNumber: z.string(),
  nationalAddress: z.object({ ar: z.string(), en: z.string() }),
  email: z.string(),
  phone: z.string(),
  /** the labelled development defaults, not a configured business (never in production) */
  isDevelopmentDefault: z.boolean(),
});
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;
