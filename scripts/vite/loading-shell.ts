/**
 * The centred loading message (docs/product-spec.md §2) painted by the HTML itself. The app renders
 * in the browser and shows this very message (PageLoading) until the page's code arrives; written
 * into index.html at build time, it paints as soon as the stylesheet is in, before any script has
 * run, in the reader's language: both texts are there, and the stylesheet shows the one of <html
 * lang> (set by locale-init.js before the body is parsed). React replaces it on its first render.
 * The texts come from the locale files, so they cannot drift from the app's.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const ROOT = '<div id="root"></div>';
const KEY = 'app.loading';

export function loadingShell(localesDir: string): Plugin {
  const text = (lang: 'ar' | 'en') => {
    const catalogue = JSON.parse(readFileSync(`${localesDir}/${lang}.json`, 'utf8')) as Record<
      string,
      string
    >;
    const value = catalogue[KEY];
    if (!value) throw new Error(`loading-shell: ${KEY} is missing from ${lang}.json`);
    return value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  };
  return {
    name: 'hourspace:loading-shell',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`loading-shell: index.html has no ${ROOT}`);
      // The markup and classes of src/web/components/ui/page-loading.tsx.
      const shell = `<div id="root"><div role="status" aria-live="polite" class="flex min-h-[50vh] flex-1 items-center justify-center p-10"><div class="flex flex-col items-center gap-3 text-muted"><span aria-hidden="true" class="size-8 animate-spin rounded-full border-3 border-brand-100 border-t-brand-700 motion-reduce:animate-none"></span><span class="boot-ar" lang="ar">${text('ar')}</span><span class="boot-en" lang="en">${text('en')}</span></div></div></div>`;
      return html.replace(ROOT, shell);
    },
  };
}
