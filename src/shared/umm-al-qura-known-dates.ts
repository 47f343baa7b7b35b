/**
 * Known Umm al-Qura dates (the official Saudi calendar, as published by King Abdulaziz City for
 * Science and Technology): the first days of months people plan around, and one day inside a
 * month. The unit test (format-hijri.test.ts, on Node) and tests/e2e/arabic-dates.spec.ts (in
 * Chromium) both check `formatHijriDate` against it; the app itself never reads it.
 */
export const UMM_AL_QURA_TABLE: [gregorian: string, ar: string, en: string][] = [
  ['1999-04-17', '1 محرم 1420 هـ', '1 Muharram 1420 AH'],
  ['2018-09-11', '1 محرم 1440 هـ', '1 Muharram 1440 AH'],
  ['2023-03-23', '1 رمضان 1444 هـ', '1 Ramadan 1444 AH'],
  ['2023-07-19', '1 محرم 1445 هـ', '1 Muharram 1445 AH'],
  ['2024-03-11', '1 رمضان 1445 هـ', '1 Ramadan 1445 AH'],
  ['2024-04-09', '30 رمضان 1445 هـ', '30 Ramadan 1445 AH'],
  ['2024-04-10', '1 شوال 1445 هـ', '1 Shawwal 1445 AH'],
  ['2024-06-16', '10 ذو الحجة 1445 هـ', '10 Dhuʻl-Hijjah 1445 AH'],
  ['2024-07-07', '1 محرم 1446 هـ', '1 Muharram 1446 AH'],
  ['2025-03-01', '1 رمضان 1446 هـ', '1 Ramadan 1446 AH'],
  ['2025-06-26', '1 محرم 1447 هـ', '1 Muharram 1447 AH'],
  ['2025-09-23', '1 ربيع الآخر 1447 هـ', '1 Rabiʻ II 1447 AH'],
  ['2026-02-18', '1 رمضان 1447 هـ', '1 Ramadan 1447 AH'],
  ['2026-06-16', '1 محرم 1448 هـ', '1 Muharram 1448 AH'],
  ['2026-11-26', '16 جمادى الآخرة 1448 هـ', '16 Jumada II 1448 AH'],
];
