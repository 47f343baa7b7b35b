import { VAT_RATE_PERCENT } from './vat.ts';

/**
 * How a renter's payment divides in the ledger (issue 32, decision 054): HourSpace's fee is
 * `PLATFORM_FEE_PERCENT` of the VAT-inclusive total, VAT at 15 % is charged on that fee, and the
 * rest is owed to the host. Integer halalas only; each part rounded half a halala up, and the
 * host's share is what is left, so the three always add up to the payment.
 */

/** The default fee: 10 % of the booking's total. */
export const DEFAULT_PLATFORM_FEE_PERCENT = 10;

export interface LedgerSplit {
  /** HourSpace's fee, VAT excluded */
  feeHalalas: number;
  /** 15 % VAT on the fee */
  feeVatHalalas: number;
  /** what is owed to the host */
  hostHalalas: number;
}

const assertHalalas = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of halalas`);
  }
};

/** round(a × b / c) for non-negative integers, half up, without floating point. */
const mulDivRound = (a: number, b: number, c: number) => {
  const product = BigInt(a) * BigInt(b);
  return Number((2n * product + BigInt(c)) / (2n * BigInt(c)));
};

/**
 * `PLATFORM_FEE_PERCENT` as basis points (hundredths of a percent): "10" → 1000, "12.5" → 1250.
 * Between 0 and 100 with at most two decimals; anything else is refused (null).
 */
export function feeBasisPoints(percent: string): number | null {
  const text = percent.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  const points = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}

/**
 * A payment's parts: fee = round(total × basis points / 10 000), VAT = round(fee × 15 / 100),
 * host = total − fee − VAT. With a fee near 100 % the VAT would exceed what is left; the fee and
 * its VAT are then capped at the total (the VAT part of the total at 15/115, the fee the rest).
 */
export function splitPayment(totalHalalas: number, basisPoints: number): LedgerSplit {
  assertHalalas(totalHalalas, 'a payment');
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError('the fee must be between 0 and 10 000 basis points');
  }
  let feeHalalas = mulDivRound(totalHalalas, basisPoints, 10_000);
  let feeVatHalalas = mulDivRound(feeHalalas, VAT_RATE_PERCENT, 100);
  if (feeHalalas + feeVatHalalas > totalHalalas) {
    feeVatHalalas = mulDivRound(totalHalalas, VAT_RATE_PERCENT, 100 + VAT_RATE_PERCENT);
    feeHalalas = totalHalalas - feeVatHalalas;
  }
  return { feeHalalas, feeVatHalalas, hostHalalas: totalHalalas - feeHalalas - feeVatHalalas };
}

/**
 * A refund's parts, taken from what the booking still holds in proportion (decision 054): each
 * part is floor(part × refund / held), and the halalas the flooring left over go one each to the
 * parts with the largest remainders — ties to the host's share first, then the fee, then its VAT.
 * The parts add up to the refund exactly, none exceeds what it holds, and refunding everything
 * returns every part whole, however many partial refunds came before.
 */
export function splitRefund(refundHalalas: number, held: LedgerSplit): LedgerSplit {
  assertHalalas(refundHalalas, 'a refund');
  assertHalalas(held.hostHalalas, "the host's share");
  assertHalalas(held.feeHalalas, 'the fee');
  assertHalalas(held.feeVatHalalas, 'the VAT on the fee');
  const total = held.hostHalalas + held.feeHalalas + held.feeVatHalalas;
  if (refundHalalas > total) throw new RangeError('a refund cannot exceed what was paid');
  if (refundHalalas === 0) return { feeHalalas: 0, feeVatHalalas: 0, hostHalalas: 0 };
  const order = ['hostHalalas', 'feeHalalas', 'feeVatHalalas'] as const;
  const parts = order.map((key) => {
    const product = BigInt(held[key]) * BigInt(refundHalalas);
    return {
      key,
      whole: Number(product / BigInt(total)),
      remainder: product % BigInt(total),
    };
  });
  let left = refundHalalas - parts.reduce((sum, p) => sum + p.whole, 0);
  // Stable sort: equal remainders keep the host → fee → VAT order.
  for (const part of [...parts].sort((a, b) =>
    a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1,
  )) {
    if (left === 0) break;
    if (part.remainder > 0n) {
      part.whole += 1;
      left -= 1;
    }
  }
  const result = Object.fromEntries(parts.map((p) => [p.key, p.whole])) as unknown as LedgerSplit;
  return result;
}
