/**
 * A space's address as hosts write it, street first and then the district — "طريق الملك فهد، حي
 * العليا", "Prince Sultan St, Al Rawdah" (the listing form's one address field, the demo data) —
 * split at its first comma (Arabic "،" or Latin ","), so the space page can set the district,
 * what a Saudi reader places a space by, apart from the street. An address without a comma, or
 * with nothing on one side of it, is one street line and no district: nothing is guessed.
 */
export function addressLines(address: string): { street: string; district: string | null } {
  const whole = address.trim();
  const comma = whole.search(/[،,]/);
  if (comma < 0) return { street: whole, district: null };
  const street = whole.slice(0, comma).trim();
  const district = whole.slice(comma + 1).trim();
  if (!street || !district) return { street: whole, district: null };
  return { street, district };
}
