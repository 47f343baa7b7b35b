/**
 * The Arabic texts the web app needs by itself (see ../message-codes.ts, WEB_ERROR_CODES): the
 * field rules its forms check before sending, and the few errors it shows without a server
 * answer. The server's full catalogue (ar.ts) includes these.
 */
import type { FieldRule, WebErrorCode } from '../message-codes.ts';

export const webErrors: Record<WebErrorCode, string> = {
  NOT_FOUND: 'الصفحة غير موجودة',
  SPACE_NOT_FOUND: 'المساحة غير موجودة أو لم تُعتمد بعد',
  INTERNAL_ERROR: 'عذرًا! حدث خطأ ما',
  IMAGE_TOO_LARGE: 'حجم الصورة أكبر من 10 ميغابايت.',
  TRANSLATION_FAILED: 'فشلت الترجمة. يرجى المحاولة مرة أخرى أو الإدخال يدويًا.',
};

export const fields: Record<FieldRule, string> = {
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
  sameAsCurrent: 'هذا هو الحالي نفسه؛ أدخل قيمة جديدة.',
  priceRange: 'أدخل سعرًا أكبر من 0 ولا يتجاوز 1000 ريال للساعة.',
  priceDecimals: 'استخدم خانتين عشريتين على الأكثر.',
  capacityPositive: 'أدخل عددًا صحيحًا من الأشخاص أكبر من 0.',
  contactPhone: 'أدخل رقم جوال سعودي: 05XXXXXXXX أو 9665XXXXXXXX.',
  googleMapsUrl: 'أدخل رابط خرائط Google، مثل https://maps.app.goo.gl/…',
  time: 'أدخل الوقت بصيغة HH:mm.',
  closesSameAsOpens:
    'يجب أن يختلف وقت الإغلاق عن وقت الافتتاح (وقت الإغلاق الأبكر يعني اليوم التالي).',
  daysRequired: 'اختر يومًا واحدًا على الأقل.',
  imagesRequired: 'أضف صورة واحدة على الأقل.',
  imagesTooMany: 'يمكنك إضافة 10 صور على الأكثر.',
  imageNotFound: 'إحدى الصور ليست ضمن ما رفعته. ارفعها مرة أخرى.',
  vatNumber: 'أدخل الرقم الضريبي المكوّن من 15 رقمًا، ويبدأ بالرقم 3 وينتهي به.',
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
  bookingBelowMinimum: 'المدة أقصر من أقل مدة حجز لهذه المساحة. اختر وقت انتهاء لاحقًا.',
  bookingTooSoon: 'تحتاج هذه المساحة إلى إشعار مسبق أطول قبل الحجز. اختر وقتًا أو يومًا لاحقًا.',
  bookingBeyondHorizon: 'هذا التاريخ أبعد مما تقبله هذه المساحة من حجوزات مسبقة.',
  bookingClosedDay: 'المساحة مغلقة في هذا اليوم. اختر أحد أيام عملها.',
  bookingOutsideHours: 'هذا الوقت خارج ساعات عمل المساحة.',
  bookingGuestsMin: 'ضيف واحد على الأقل.',
  bookingGuestsMax: 'عدد الضيوف أكبر مما تتسع له المساحة.',
  bookingPhone: 'أدخل رقم جوال سعودي بصيغة 05XXXXXXXX أو 9665XXXXXXXX.',
  reviewStars: 'اختر من نجمة إلى خمس نجوم.',
  // hosts' payout accounts (issue 32)
  iban: 'أدخل آيبان سعوديًا: SA ثم 22 رقمًا.',
  ibanChecksum: 'أرقام التحقق في هذا الآيبان لا تطابق بقيته. انسخه كما يظهر في تطبيق بنكك.',
  holderName: 'أدخل اسم صاحب الحساب كما هو مسجل في البنك (من 2 إلى 70 حرفًا).',
  // hosts' invoicing details (issue 33)
  legalNameAr:
    'أدخل الاسم المسجل بالعربية كما في السجل التجاري أو شهادة التسجيل الضريبي (من 2 إلى 200 حرف).',
  legalNameEn: 'أدخل الاسم المسجل بالإنجليزية بحروف لاتينية (من 2 إلى 200 حرف)، أو اتركه فارغًا.',
  crNumber: 'أدخل رقم السجل التجاري المكوّن من 10 أرقام، أو اتركه فارغًا.',
  addressPart: 'أدخل من 2 إلى 100 حرف.',
  buildingNumber: 'أدخل رقم المبنى المكوّن من 4 أرقام كما في العنوان الوطني.',
  additionalNumber: 'أدخل الرقم الإضافي المكوّن من 4 أرقام كما في العنوان الوطني.',
  postalCode: 'أدخل الرمز البريدي المكوّن من 5 أرقام.',
  bandEndBeforeStart: 'يجب أن تكون نهاية الفترة بعد بدايتها.',
  bandsOverlap: 'هذه الفترة تتداخل مع فترة أخرى في اليوم نفسه.',
  dayRateTooLow: 'سعر اليوم أقل مما تكلفه ساعاته بأقل سعر للساعة.',
  minHoursTooLong: 'الحد الأدنى أطول من ساعات العمل.',
  addOnQuantityMax: 'الكمية أكبر من الحد المسموح لهذه الإضافة.',
  bookingBelowDayMinimum: 'الحجز في هذا اليوم أقصر من الحد الأدنى لساعاته.',
};
