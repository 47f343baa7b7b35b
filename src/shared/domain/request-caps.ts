/**
 * How many booking requests one renter may have waiting for an answer at once (issue 37,
 * decision 061). A real renter asks for a few times of one space (a weekly class for a month:
 * four or five) and compares a few spaces; nobody waits on more than ten answers at once. Five
 * accounts sending 200 requests each flooded one host with 1,000 emails before these caps.
 */
export const PENDING_PER_SPACE_MAX = 5;
export const PENDING_PER_RENTER_MAX = 10;

/** Would one more pending request pass the caps, given the renter's pending ones now? */
export function pendingCapReached(pending: { ofSpace: number; overall: number }): boolean {
  return pending.ofSpace >= PENDING_PER_SPACE_MAX || pending.overall >= PENDING_PER_RENTER_MAX;
}
