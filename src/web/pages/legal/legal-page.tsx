import { Fragment } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { Inline } from '#shared/domain/markdown.ts';
import type { Locale } from '#shared/constants.ts';
import type { ContentPageResponse } from '#shared/schemas/pages.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const linkClass =
  'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, i) => {
    if (inline.kind === 'strong') return <strong key={i}>{inline.text}</strong>;
    if (inline.kind === 'link') {
      // a page of the site stays in the app; an address, email or phone is a plain link
      if (inline.href.startsWith('/'))
        return (
          <Link key={i} to={inline.href} className={linkClass}>
            {inline.text}
          </Link>
        );
      return (
        <a key={i} href={inline.href} className={linkClass} dir="auto">
          {inline.text}
        </a>
      );
    }
    return <Fragment key={i}>{inline.text}</Fragment>;
  });
}

/**
 * /about, /terms and /privacy (issue 38): the business's Markdown (content/pages/), with its
 * identity filled in by the server, drawn as elements in the page's language.
 */
export default function LegalPage() {
  const page = useLoaderData<ContentPageResponse>();
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const title = t(`legal.${page.page}.title`);
  usePageMeta(title, t(`legal.${page.page}.description`));
  return (
    <>
      <PageHeader title={title} />
      <article className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-12 leading-relaxed text-ink sm:px-6">
        {page[locale].map((block, i) => {
          if (block.kind === 'heading')
            return block.level === 2 ? (
              <h2 key={i} className="mt-6 text-2xl font-bold">
                {block.text}
              </h2>
            ) : (
              <h3 key={i} className="mt-4 text-xl font-bold">
                {block.text}
              </h3>
            );
          if (block.kind === 'list')
            return (
              <ul key={i} className="flex list-disc flex-col gap-2 ps-6">
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Inlines inlines={item} />
                  </li>
                ))}
              </ul>
            );
          return (
            <p key={i}>
              <Inlines inlines={block.inlines} />
            </p>
          );
        })}
      </article>
    </>
  );
}
