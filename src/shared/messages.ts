/**
 * Messages the server can send, in both languages: API error codes and field rules.
 * The server answers `{ error: { code, message, fields } }` in the request's language; the web
 * loads this same catalogue into i18next (namespaces `errors` and `fields`), so a code or a field
 * rule reads the same wherever it is shown. English texts of spec §8 are quoted exactly.
 */
import type { Locale } from './constants.ts';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // accounts
  'INVALID_CODE',
  'SMS_SEND_FAILED',
  'PHONE_CODE_TOO_SOON',
  'PHONE_CODE_LIMIT',
  'PHONE_NOT_VERIFIED',
  'SIGNUP_RATE_LIMITED',
  'SIGNIN_RATE_LIMITED',
  'CREDENTIALS_REQUIRED',
  'EMAIL_PASSWORD_REQUIRED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_POLICY',
  'PASSWORDS_DO_NOT_MATCH',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_TOKEN',
  // listing a space: uploads, translation, the listing itself
  'IMAGE_EMPTY',
  'IMAGE_TOO_LARGE',
  'IMAGE_UNSUPPORTED',
  'IMAGE_FILE_NAME',
  'IMAGE_MISSING',
  'TRANSLATION_OFF',
  'TRANSLATION_FAILED',
  // admin review desk
  'SPACE_ALREADY_DECIDED',
  'BOOKING_ALREADY_DECIDED',
  'BOOKING_OVERLAP',
  // renters find spaces (search and details)
  'SPACE_NOT_FOUND',
  // bookings (issue 7)
  'BOOKING_NOT_CANCELLABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorMessages: Record<Locale, Record<ErrorCode, string>> = {
  en: {
    VALIDATION_ERROR: 'Some fields need your attention.',
    INVALID_JSON: 'The request body is not valid JSON.',
    UNAUTHORIZED: 'Please sign in to continue.',
    FORBIDDEN: 'You are not allowed to do this.',
    NOT_FOUND: 'Page Not Found',
    METHOD_NOT_ALLOWED: 'This method is not allowed here.',
    CONFLICT: 'This was changed by someone else. Please refresh and try again.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
    RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
    INTERNAL_ERROR: 'Oops! Something went wrong',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
    INVALID_CODE: 'Invalid verification code.',
    SMS_SEND_FAILED: 'An error occurred while sending the verification code.',
    PHONE_CODE_TOO_SOON: 'Please wait a minute before asking for a new code.',
    PHONE_CODE_LIMIT: 'Too many codes were sent to this number. Please try again in an hour.',
    PHONE_NOT_VERIFIED: 'Please verify your phone number first.',
    SIGNUP_RATE_LIMITED:
      'You have exceeded the allowed number of registration attempts. Please try again later.',
    SIGNIN_RATE_LIMITED:
      'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    CREDENTIALS_REQUIRED: 'You must provide either an email or phone number and a password',
    EMAIL_PASSWORD_REQUIRED: 'Email and password are required.',
    INVALID_CREDENTIALS: 'Incorrect login credentials',
    EMAIL_NOT_VERIFIED:
      'Please activate your account from the email we sent you before signing in.',
    PASSWORD_POLICY: 'Password does not meet the required criteria',
    PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
    EMAIL_TAKEN: 'An account with this email already exists.',
    PHONE_TAKEN: 'An account with this phone number already exists.',
    INVALID_TOKEN: 'This link is invalid or has expired.',
    IMAGE_EMPTY: 'The file is empty.',
    IMAGE_TOO_LARGE: 'The image is larger than 10 MB.',
    IMAGE_UNSUPPORTED: 'This file is not a JPEG, PNG, WebP or AVIF image.',
    IMAGE_FILE_NAME: 'The file name is not allowed. Rename the file and try again.',
    IMAGE_MISSING: 'Choose an image file to upload.',
    TRANSLATION_OFF: 'Automatic translation is not available.',
    TRANSLATION_FAILED: 'Translation failed. Please try again or enter manually.',
    // admin review desk
    SPACE_ALREADY_DECIDED:
      'Another admin already decided on this listing. The list now shows its current state.',
    BOOKING_ALREADY_DECIDED:
      'This booking request was already decided or cancelled. The list now shows its current state.',
    // renters find spaces
    SPACE_NOT_FOUND: 'Space not found or not approved yet',
    // bookings (issue 7)
    BOOKING_OVERLAP: 'This time overlaps a confirmed booking of this space.',
    BOOKING_NOT_CANCELLABLE:
      'This booking can no longer be cancelled: it has already been decided or cancelled.',
  },
  ar: {
    VALIDATION_ERROR: 'بعض الحقول تحتاج إلى مراجعة.',
    INVALID_JSON: 'محتوى الطلب ليس بصيغة JSON صحيحة.',
    UNAUTHORIZED: 'يرجى تسجيل الدخول للمتابعة.',
    FORBIDDEN: 'غير مسموح لك بالقيام بذلك.',
    NOT_FOUND: 'الصفحة غير موجودة',
    METHOD_NOT_ALLOWED: 'هذه الطريقة غير مسموح بها هنا.',
    CONFLICT: 'تم تعديل هذا العنصر من قبل شخص آخر. يرجى التحديث والمحاولة مرة أخرى.',
    PAYLOAD_TOO_LARGE: 'حجم الطلب كبير جدًا.',
    UNSUPPORTED_MEDIA_TYPE: 'نوع المحتوى هذا غير مدعوم.',
    RATE_LIMITED: 'طلبات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
    INTERNAL_ERROR: 'عذرًا! حدث خطأ ما',
    SERVICE_UNAVAILABLE: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل.',
    INVALID_CODE: 'رمز التحقق غير صحيح.',
    SMS_SEND_FAILED: 'حدث خطأ أثناء إرسال رمز التحقق.',
    PHONE_CODE_TOO_SOON: 'يرجى الانتظار دقيقة قبل طلب رمز جديد.',
    PHONE_CODE_LIMIT: 'أُرسل إلى هذا الرقم عدد كبير من الرموز. يرجى المحاولة بعد ساعة.',
    PHONE_NOT_VERIFIED: 'يرجى التحقق من رقم جوالك أولًا.',
    SIGNUP_RATE_LIMITED: 'لقد تجاوزت العدد المسموح به من محاولات التسجيل. يرجى المحاولة لاحقًا.',
    SIGNIN_RATE_LIMITED: 'محاولات دخول فاشلة كثيرة. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا.',
    CREDENTIALS_REQUIRED: 'يجب إدخال البريد الإلكتروني أو رقم الجوال وكلمة المرور',
    EMAIL_PASSWORD_REQUIRED: 'البريد الإلكتروني وكلمة المرور مطلوبان.',
    INVALID_CREDENTIALS: 'بيانات الدخول غير صحيحة',
    EMAIL_NOT_VERIFIED: 'يرجى تفعيل حسابك من الرسالة التي أرسلناها إلى بريدك قبل تسجيل الدخول.',
    PASSWORD_POLICY: 'كلمة المرور لا تستوفي الشروط المطلوبة',
    PASSWORDS_DO_NOT_MATCH: 'كلمتا المرور غير متطابقتين',
    EMAIL_TAKEN: 'يوجد حساب بهذا البريد الإلكتروني بالفعل.',
    PHONE_TAKEN: 'يوجد حساب برقم الجوال هذا بالفعل.',
    INVALID_TOKEN: 'هذا الرابط غير صالح أو انتهت صلاحيته.',
    IMAGE_EMPTY: 'الملف فارغ.',
    IMAGE_TOO_LARGE: 'حجم الصورة أكبر من 10 ميغابايت.',
    IMAGE_UNSUPPORTED: 'هذا الملف ليس صورة بصيغة JPEG أو PNG أو WebP أو AVIF.',
    IMAGE_FILE_NAME: 'اسم الملف غير مسموح به. غيّر اسم الملف ثم حاول مرة أخرى.',
    IMAGE_MISSING: 'اختر ملف صورة لرفعه.',
    TRANSLATION_OFF: 'الترجمة التلقائية غير متاحة.',
    TRANSLATION_FAILED: 'فشلت الترجمة. يرجى المحاولة مرة أخرى أو الإدخال يدويًا.',
    // admin review desk
    SPACE_ALREADY_DECIDED:
      'اتخذ مشرف آخر قرارًا بشأن هذه المساحة. تعرض القائمة الآن حالتها الحالية.',
    BOOKING_ALREADY_DECIDED:
      'تم البت في طلب الحجز هذا أو إلغاؤه مسبقًا. تعرض القائمة الآن حالته الحالية.',
    // renters find spaces
    SPACE_NOT_FOUND: 'المساحة غير موجودة أو لم تُعتمد بعد',
    // bookings (issue 7)
    BOOKING_OVERLAP: 'هذا الوقت يتداخل مع حجز مؤكد لهذه المساحة.',
    BOOKING_NOT_CANCELLABLE: 'لم يعد من الممكن إلغاء هذا الحجز: فقد تم البت فيه أو إلغاؤه من قبل.',
  },
};

/**
 * Field rules. Shared zod schemas use these keys as their issue messages, so the same rule
 * reads right in the browser (via i18next) and in an API answer (via `fieldMessage`).
 */
export const FIELD_RULES = [
  'required',
  'invalid',
  'tooLong',
  'email',
  'number',
  'wholeNumber',
  'notOneOf',
  'phone',
  'passwordPolicy',
  'passwordsMismatch',
  'code',
  // listing a space
  'priceRange',
  'priceDecimals',
  'capacityPositive',
  'contactPhone',
  'googleMapsUrl',
  'time',
  'closesAfterOpens',
  'daysRequired',
  'imagesRequired',
  'imagesTooMany',
  'imageNotFound',
  // renters find spaces (search filters)
  'dateInPast',
  'outOfRange',
  'minAboveMax',
  // bookings (issue 7)
  'bookingDate',
  'bookingTime',
  'bookingDatePast',
  'bookingTimePast',
  'bookingEndBeforeStart',
  'bookingTimeGrid',
  'bookingMinDuration',
  'bookingClosedDay',
  'bookingOutsideHours',
  'bookingGuestsMin',
  'bookingGuestsMax',
  'bookingPhone',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export const fieldMessages: Record<Locale, Record<FieldRule, string>> = {
  en: {
    required: 'This field is required.',
    invalid: 'This value is not valid.',
    tooLong: 'This is too long.',
    email: 'Enter a valid email address.',
    number: 'Enter a number.',
    wholeNumber: 'Enter a whole number.',
    notOneOf: 'Choose one of the offered values.',
    phone: 'Enter a Saudi mobile number, e.g. 5XXXXXXXX.',
    passwordPolicy: 'Password does not meet the required criteria',
    passwordsMismatch: 'Passwords do not match',
    code: 'Enter the 6-digit code.',
    priceRange: 'Enter a price greater than 0 and at most 1,000 SAR per hour.',
    priceDecimals: 'Use at most two decimal places.',
    capacityPositive: 'Enter a whole number of guests greater than 0.',
    contactPhone: 'Enter a Saudi mobile number: 05XXXXXXXX or 9665XXXXXXXX.',
    googleMapsUrl: 'Enter a Google Maps link, e.g. https://maps.app.goo.gl/…',
    time: 'Enter a time as HH:mm.',
    closesAfterOpens: 'The closing time must be after the opening time.',
    daysRequired: 'Choose at least one day.',
    imagesRequired: 'Add at least one image.',
    imagesTooMany: 'You can add at most 10 images.',
    imageNotFound: 'An image is not among your uploads. Upload it again.',
    // renters find spaces
    dateInPast: 'Choose today or a later date.',
    outOfRange: 'This value is outside the allowed range.',
    minAboveMax: 'The minimum price must not be above the maximum.',
    // bookings (issue 7)
    bookingDate: 'Choose a valid date.',
    bookingTime: 'Choose a valid time.',
    bookingDatePast: 'The date cannot be in the past.',
    bookingTimePast: 'This time has already passed today. Choose a later time.',
    bookingEndBeforeStart: 'The end time must be after the start time.',
    bookingTimeGrid: 'Times go in steps of 30 minutes (on the hour or half past).',
    bookingMinDuration: 'A booking lasts at least one hour.',
    bookingClosedDay: 'The space is closed on this day. Choose one of its open days.',
    bookingOutsideHours: "This time is outside the space's opening hours.",
    bookingGuestsMin: 'At least one guest.',
    bookingGuestsMax: 'More guests than this space can hold.',
    bookingPhone: 'Enter a Saudi mobile number as 05XXXXXXXX or 9665XXXXXXXX.',
  },
  ar: {
    required: 'هذا الحقل مطلوب.',
    invalid: 'هذه القيمة غير صالحة.',
    tooLong: 'النص أطول من المسموح.',
    email: 'أدخل بريدًا إلكترونيًا صحيحًا.',
    number: 'أدخل رقمًا.',
    wholeNumber: 'أدخل رقمًا صحيحًا.',
    notOneOf: 'اختر إحدى القيم المتاحة.',
    phone: 'أدخل رقم جوال سعودي، مثل 5XXXXXXXX.',
    passwordPolicy: 'كلمة المرور لا تستوفي الشروط المطلوبة',
    passwordsMismatch: 'كلمتا المرور غير متطابقتين',
    code: 'أدخل الرمز المكوّن من 6 أرقام.',
    priceRange: 'أدخل سعرًا أكبر من 0 ولا يتجاوز 1000 ريال للساعة.',
    priceDecimals: 'استخدم خانتين عشريتين على الأكثر.',
    capacityPositive: 'أدخل عددًا صحيحًا من الأشخاص أكبر من 0.',
    contactPhone: 'أدخل رقم جوال سعودي: 05XXXXXXXX أو 9665XXXXXXXX.',
    googleMapsUrl: 'أدخل رابط خرائط Google، مثل https://maps.app.goo.gl/…',
    time: 'أدخل الوقت بصيغة HH:mm.',
    closesAfterOpens: 'يجب أن يكون وقت الإغلاق بعد وقت الافتتاح.',
    daysRequired: 'اختر يومًا واحدًا على الأقل.',
    imagesRequired: 'أضف صورة واحدة على الأقل.',
    imagesTooMany: 'يمكنك إضافة 10 صور على الأكثر.',
    imageNotFound: 'إحدى الصور ليست ضمن ما رفعته. ارفعها مرة أخرى.',
    // renters find spaces
    dateInPast: 'اختر تاريخ اليوم أو تاريخًا لاحقًا.',
    outOfRange: 'هذه القيمة خارج النطاق المسموح.',
    minAboveMax: 'يجب ألا يزيد أقل سعر عن أعلى سعر.',
    // bookings (issue 7)
    bookingDate: 'اختر تاريخًا صحيحًا.',
    bookingTime: 'اختر وقتًا صحيحًا.',
    bookingDatePast: 'لا يمكن أن يكون التاريخ في الماضي.',
    bookingTimePast: 'هذا الوقت قد مضى اليوم. اختر وقتًا لاحقًا.',
    bookingEndBeforeStart: 'يجب أن يكون وقت الانتهاء بعد وقت البدء.',
    bookingTimeGrid: 'الأوقات بفواصل 30 دقيقة (على رأس الساعة أو نصفها).',
    bookingMinDuration: 'مدة الحجز ساعة واحدة على الأقل.',
    bookingClosedDay: 'المساحة مغلقة في هذا اليوم. اختر أحد أيام عملها.',
    bookingOutsideHours: 'هذا الوقت خارج ساعات عمل المساحة.',
    bookingGuestsMin: 'ضيف واحد على الأقل.',
    bookingGuestsMax: 'عدد الضيوف أكبر مما تتسع له المساحة.',
    bookingPhone: 'أدخل رقم جوال سعودي بصيغة 05XXXXXXXX أو 9665XXXXXXXX.',
  },
};

const fieldKeyPrefix = 'fields.';
/** The zod message for a field rule: `fields.required`. */
export const fieldRule = (rule: FieldRule) => `${fieldKeyPrefix}${rule}`;

/** Turns a zod issue message into text: a `fields.*` key is translated, anything else is generic. */
export function fieldMessage(message: string, locale: Locale): string {
  if (message.startsWith(fieldKeyPrefix)) {
    const rule = message.slice(fieldKeyPrefix.length) as FieldRule;
    if (rule in fieldMessages[locale]) return fieldMessages[locale][rule];
  }
  return fieldMessages[locale].invalid;
}

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return errorMessages[locale][code];
}

/** The first supported language in an Accept-Language header; Arabic when none is given. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'ar';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        lang: tag.toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) {
    if (r.lang === 'ar' || r.lang === 'en') return r.lang;
  }
  return 'ar';
}
