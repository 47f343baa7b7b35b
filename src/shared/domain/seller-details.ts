/**
 * A host's invoicing details (issue 33, decision 074): what ZATCA asks of the seller on a tax
 * invoice HourSpace issues on the host's behalf — the registered (legal) name in Arabic (English
 * optional), the VAT number, the commercial registration (CR) when there is one, and the
 * structured Saudi national address (BR-KSA-09: street, 4-digit building number, 4-digit
 * additional number, district, city, 5-digit postal code). One set of rules for the Hosting
 * area's form and the server.
 */
import { latinDigits } from './phone.ts';
import { SAUDI_VAT_NUMBER } from './vat.ts';

/** The commercial registration number: 10 digits (Ministry of Commerce). */
export const CR_NUMBER = /^\d{10}$/;
/** The national address's building number and additional number: 4 digits each. */
export const ADDRESS_FOUR_DIGITS = /^\d{4}$/;
/** The Saudi postal code: 5 digits. */
export const POSTAL_CODE = /^\d{5}$/;

/** A registered name: 2–200 characters. */
export const LEGAL_NAME_MAX = 200;
/** A street, district or city: 2–100 characters. */
export const ADDRESS_PART_MAX = 100;

const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF]/;
const LATIN_LETTER = /[A-Za-z]/;

/** Digits as typed (Arabic-Indic, spaces, dashes) → Latin digits only; not checked yet. */
export const compactDigits = (input: string) => latinDigits(input).replace(/[\s\u00A0-]/g, '');

/** A typed code (CR, building, additional number, postal code) → its digits, or null. */
export function normalizeCode(input: string, rule: RegExp): string | null {
  const digits = compactDigits(input);
  return rule.test(digits) ? digits : null;
}

/** The Arabic registered name must hold Arabic letters (ZATCA prints the seller in Arabic). */
export const isArabicName = (name: string) => ARABIC_LETTER.test(name);
/** The English name, when given, must hold Latin letters. */
export const isLatinName = (name: string) => LATIN_LETTER.test(name);

export interface SellerDetails {
  legalNameAr: string;
  legalNameEn: string | null;
  vatNumber: string;
  crNumber: string | null;
  street: string;
  buildingNumber: string;
  additionalNumber: string;
  district: string;
  city: string;
  postalCode: string;
}

/**
 * Do the host's details speak for a listing's invoices? Only when the listing is VAT-registered
 * with the very VAT number of the details: a seller is one VAT registration, and an invoice
 * never pairs one taxpayer's number with another's name and address.
 */
export function detailsApplyTo(
  details: Pick<SellerDetails, 'vatNumber'> | null,
  listingVatNumber: string | null,
): boolean {
  return (
    details !== null &&
    listingVatNumber !== null &&
    SAUDI_VAT_NUMBER.test(listingVatNumber) &&
    details.vatNumber === listingVatNumber
  );
}

/** The address in ZATCA's structure (ubl.ts NationalAddress), from the details. */
export function nationalAddressOf(d: SellerDetails) {
  return {
    street: d.street,
    buildingNumber: d.buildingNumber,
    additionalNumber: d.additionalNumber,
    district: d.district,
    city: d.city,
    postalCode: d.postalCode,
  };
}
