/**
 * The site's public address (`PUBLIC_URL`): what a space's canonical URL — and so its "share" —
 * starts with (decision 079). On the server the renderer is given it once
 * (`preparePrerender`); in the browser it is read from the canonical link the server put in the
 * page's head, so the first render in the browser draws the same links as the server's HTML
 * (a page the app drew without the server's head falls back to the address it was opened at).
 */
let serverOrigin: string | null = null;

export function setSiteOrigin(origin: string) {
  serverOrigin = origin.replace(/\/+$/, '');
}

export function siteOrigin(): string {
  if (import.meta.env.SSR) return serverOrigin ?? '';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical ? new URL(canonical).origin : window.location.origin;
}
