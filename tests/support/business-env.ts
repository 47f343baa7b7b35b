/**
 * A configured business identity (the BUSINESS_* variables) for test apps started in production,
 * which refuses to start without one. Made-up values in the right formats, not the development
 * defaults, so a test can tell a configured identity from the placeholder.
 */
export const TEST_BUSINESS_ENV: Record<string, string> = {
  BUSINESS_LEGAL_NAME_AR: 'شركة اختبار المساحات المحدودة',
  BUSINESS_LEGAL_NAME_EN: 'Test Spaces Ltd',
  BUSINESS_CR_NUMBER: '1010123456',
  BUSINESS_VAT_NUMBER: '310123456700003',
  BUSINESS_BUILDING_NUMBER: '2468',
  BUSINESS_STREET_AR: 'شارع التحلية',
  BUSINESS_STREET_EN: 'Tahlia Street',
  BUSINESS_DISTRICT_AR: 'حي السليمانية',
  BUSINESS_DISTRICT_EN: 'As Sulimaniyah',
  BUSINESS_CITY_AR: 'الرياض',
  BUSINESS_CITY_EN: 'Riyadh',
  BUSINESS_POSTAL_CODE: '12245',
  BUSINESS_ADDITIONAL_NUMBER: '7531',
  BUSINESS_EMAIL: 'legal@test-spaces.example',
  BUSINESS_PHONE: '+966112345678',
};
