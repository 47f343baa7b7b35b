import type { RawEnv } from './env.ts';

/**
 * Who runs HourSpace: the legal identity printed in the footer, on /about, /terms and /privacy,
 * and on tax invoices. Read from the BUSINESS_* variables through env.ts (README lists each);
 * production refuses to start without them, elsewhere the development defaults below stand in.
 *
 * The national address has the parts of a Saudi National Address (SPL / ZATCA's seller address):
 * building number (4 digits), street, district, city, postal code (5 digits) and the optional
 * additional number (4 digits). `street`, `district` and `city` are the Arabic names, as ZATCA's
 * invoice address takes them; `ar` and `en` are the whole address written out in each language.
 */
export type BusinessIdentity = {
  legalName: { ar: string; en: string };
  /** Commercial registration (السجل التجاري): 10 digits */
  commercialRegistration: string;
  /** VAT registration number: 15 digits, first and last 3 */
  vatNumber: string;
  nationalAddress: {
    ar: string;
    en: string;
    buildingNumber: string;
    street: string;
    district: string;
    city: string;
    postalCode: string;
    additionalNumber?: string;
  };
  email: string;
  phone: string;
};

/** The variables a production start requires (BUSINESS_ADDITIONAL_NUMBER is optional). */
export const REQUIRED_BUSINESS_VARIABLES = [
  'BUSINESS_LEGAL_NAME_AR',
  'BUSINESS_LEGAL_NAME_EN',
  'BUSINESS_CR_NUMBER',
  'BUSINESS_VAT_NUMBER',
  'BUSINESS_BUILDING_NUMBER',
  'BUSINESS_STREET_AR',
  'BUSINESS_STREET_EN',
  'BUSINESS_DISTRICT_AR',
  'BUSINESS_DISTRICT_EN',
  'BUSINESS_CITY_AR',
  'BUSINESS_CITY_EN',
  'BUSINESS_POSTAL_CODE',
  'BUSINESS_EMAIL',
  'BUSINESS_PHONE',
] as const;

type BusinessVariable = (typeof REQUIRED_BUSINESS_VARIABLES)[number] | 'BUSINESS_ADDITIONAL_NUMBER';

/**
 * DEVELOPMENT DEFAULTS — NOT A REAL BUSINESS. Used only outside production when no BUSINESS_*
 * variable is set, so a fresh checkout shows where the identity goes. The names say so in both
 * languages; the VAT number is ZATCA's sandbox test number, the CR and address are made up.
 */
export const DEVELOPMENT_BUSINESS_VARIABLES: Record<BusinessVariable, string> = {
  BUSINESS_LEGAL_NAME_AR: 'شركة ساعة المساحة (بيانات تطوير، ليست حقيقية)',
  BUSINESS_LEGAL_NAME_EN: 'HourSpace Company (development data, not real)',
  BUSINESS_CR_NUMBER: '1010000000',
  BUSINESS_VAT_NUMBER: '399999999900003',
  BUSINESS_BUILDING_NUMBER: '1234',
  BUSINESS_STREET_AR: 'طريق الملك فهد',
  BUSINESS_STREET_EN: 'King Fahd Road',
  BUSINESS_DISTRICT_AR: 'حي العليا',
  BUSINESS_DISTRICT_EN: 'Al Olaya',
  BUSINESS_CITY_AR: 'الرياض',
  BUSINESS_CITY_EN: 'Riyadh',
  BUSINESS_POSTAL_CODE: '12211',
  BUSINESS_ADDITIONAL_NUMBER: '5678',
  BUSINESS_EMAIL: 'team@hourspace.sa',
  BUSINESS_PHONE: '+966500000000',
};

/** Builds the identity from validated variables (env.ts calls it; it has checked each format). */
export function businessIdentityFrom(e: Pick<RawEnv, BusinessVariable>): {
  identity: BusinessIdentity;
  /** true: the development defaults above, not a configured business */
  isDevelopmentDefault: boolean;
} {
  const configured = REQUIRED_BUSINESS_VARIABLES.every((name) => e[name] !== undefined);
  const v = (name: BusinessVariable): string | undefined =>
    configured ? e[name] : DEVELOPMENT_BUSINESS_VARIABLES[name];
  const get = (name: BusinessVariable): string => v(name) ?? '';
  const additional = v('BUSINESS_ADDITIONAL_NUMBER');
  const postal = additional
    ? `${get('BUSINESS_POSTAL_CODE')}-${additional}`
    : get('BUSINESS_POSTAL_CODE');
  return {
    isDevelopmentDefault: !configured,
    identity: {
      legalName: { ar: get('BUSINESS_LEGAL_NAME_AR'), en: get('BUSINESS_LEGAL_NAME_EN') },
      commercialRegistration: get('BUSINESS_CR_NUMBER'),
      vatNumber: get('BUSINESS_VAT_NUMBER'),
      nationalAddress: {
        ar: `${get('BUSINESS_BUILDING_NUMBER')} ${get('BUSINESS_STREET_AR')}، ${get('BUSINESS_DISTRICT_AR')}، ${get('BUSINESS_CITY_AR')} ${postal}`,
        en: `${get('BUSINESS_BUILDING_NUMBER')} ${get('BUSINESS_STREET_EN')}, ${get('BUSINESS_DISTRICT_EN')}, ${get('BUSINESS_CITY_EN')} ${postal}`,
        buildingNumber: get('BUSINESS_BUILDING_NUMBER'),
        street: get('BUSINESS_STREET_AR'),
        district: get('BUSINESS_DISTRICT_AR'),
        city: get('BUSINESS_CITY_AR'),
        postalCode: get('BUSINESS_POSTAL_CODE'),
        ...(additional ? { additionalNumber: additional } : {}),
      },
      email: get('BUSINESS_EMAIL'),
      phone: get('BUSINESS_PHONE'),
    },
  };
}
