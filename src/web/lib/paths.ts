/**
 * Every path of the app (docs/product-spec.md §2), with builders for the ones that take parameters.
 */
export const paths = {
  home: '/',
  howItWorks: '/how-it-works',
  explore: '/explore-spaces',
  space: (spaceId: string) => `/space/${encodeURIComponent(spaceId)}`,
  hostWithUs: '/host-with-us',
  listYourSpace: '/list-your-space',
  newListing: '/list-your-space/new',
  editListing: (spaceId: string) => `/list-your-space/${encodeURIComponent(spaceId)}/edit`,
  contact: '/contact',
  faq: '/faq',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  adminDashboard: '/admin/dashboard',
  auth: '/auth',
  resetPassword: '/reset-password',
  account: '/account',
  /** the link of an email change (decision 071): keep in step with CONFIRM_EMAIL_PAGE */
  confirmEmail: '/account/confirm-email',
  messages: '/messages',
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
} as const;

/** `/explore-spaces?type=…&city=…` from whichever filters are set. */
export function exploreHref(filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const search = query.toString();
  return search ? `${paths.explore}?${search}` : paths.explore;
}
