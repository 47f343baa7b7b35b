/**
 * The loader data the server pre-rendered the first page with (src/server/plugins/prerender.ts),
 * as JSON in the HTML: the route's loader takes it instead of asking the API again, so the first
 * client render draws exactly what the HTML shows. Each route's data is taken once, and only
 * for the URL it was rendered for.
 */
export const PRERENDERED_DATA_ID = 'prerendered-data';

export interface PrerenderedData {
  /** pathname and search of the page */
  url: string;
  loaderData: Record<string, unknown>;
}

let pending: PrerenderedData | null | undefined;

function read(): PrerenderedData | null {
  if (pending !== undefined) return pending;
  pending = null;
  if (typeof document === 'undefined') return pending;
  const element = document.getElementById(PRERENDERED_DATA_ID);
  if (!element?.textContent) return pending;
  try {
    pending = JSON.parse(element.textContent) as PrerenderedData;
  } catch {
    pending = null;
  }
  return pending;
}

export function takePrerendered<T>(routeId: string, requestUrl: string): T | undefined {
  const data = read();
  if (!data || !(routeId in data.loaderData)) return undefined;
  const url = new URL(requestUrl);
  if (url.pathname + url.search !== data.url) return undefined;
  const value = data.loaderData[routeId] as T;
  delete data.loaderData[routeId];
  return value;
}
