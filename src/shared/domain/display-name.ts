/**
 * The name to greet a user by (docs/product-spec.md §3): full_name, then the name in user metadata,
 * then the same two fields in raw user metadata, then a name field, then the email, then the phone.
 */
interface Metadata {
  full_name?: unknown;
  name?: unknown;
}

export interface NamedUser {
  fullName?: string | null;
  userMetadata?: Metadata | null;
  rawUserMetadata?: Metadata | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function displayName(user: NamedUser): string {
  return (
    text(user.fullName) ??
    text(user.userMetadata?.full_name) ??
    text(user.userMetadata?.name) ??
    text(user.rawUserMetadata?.full_name) ??
    text(user.rawUserMetadata?.name) ??
    text(user.name) ??
    text(user.email) ??
    text(user.phone) ??
    ''
  );
}
