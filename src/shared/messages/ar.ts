/**
 * The Arabic texts of the API's error codes and field rules (see ../messages.ts). Split by language so
 * the web downloads only the language it shows; the server imports both.
 */
import type { ErrorCode } from '../message-codes.ts';
import { fields, webErrors } from './ar-web.ts';

export { fields };

export const errors: Record<ErrorCode, string> = {
  ...webErrors,
  VALIDATION_ERROR: 'بعض الحقول تحتاج إلى مراجعة.',
  INVALID_JSON: 'محتوى الطلب ليس بصيغة JSON صحيحة.',
  INVALID_URL: 'هذا العنوان غير صالح.',
  INVALID_MULTIPART: 'الملف المرفوع ناقص أو تالف. يرجى المحاولة مرة أخرى.',
  UNAUTHORIZED: 'يرجى تسجيل الدخول للمتابعة.',
  FORBIDDEN: 'غير مسموح لك بالقيام بذلك.',
  METHOD_NOT_ALLOWED: 'هذه الطريقة غير مسموح بها هنا.',
  CONFLICT: 'تم تعديل هذا العنصر من قبل شخص آخر. يرجى التحديث والمحاولة مرة أخرى.',
  PAYLOAD_TOO_LARGE: 'حجم الطلب كبير جدًا.',
  UNSUPPORTED_MEDIA_TYPE: 'نوع المحتوى هذا غير مدعوم.',
  RATE_LIMITED: 'طلبات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  SERVICE_UNAVAILABLE: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل.',
  CROSS_SITE_REQUEST:
    'رُفض هذا الطلب لأنه صادر من موقع آخر. يرجى استخدام منصة مساحة بالساعة مباشرة.',
  ORIGIN_NOT_TRUSTED:
    'هذا العنوان ليس العنوان المعتمد للموقع في إعدادات الخادم. يرجى فتح الموقع من عنوانه العام (الإعداد PUBLIC_URL في الخادم).',
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
  WRONG_PASSWORD: 'كلمة المرور الحالية غير صحيحة.',
  NO_PASSWORD:
    'هذا الحساب يدخل عبر Google أو رمز الجوال وليست له كلمة مرور بعد. استخدم «نسيت كلمة المرور؟» لتعيين واحدة.',
  RESET_RATE_LIMITED: 'طلبات إعادة التعيين كثيرة. حاول مرة أخرى بعد ساعة.',
  CHANGE_RATE_LIMITED: 'طلبات التغيير كثيرة. حاول مرة أخرى بعد ساعة.',
  ACCOUNT_HAS_UPCOMING_BOOKINGS:
    'لا يمكن حذف الحساب وله حجوزات أو طلبات حجز قادمة، مستأجرًا أو مضيفًا. ألغها أو انتظر انتهاءها ثم حاول مرة أخرى.',
  ACCOUNT_HAS_LISTED_SPACES:
    'لا يمكن حذف الحساب وله مساحات معروضة أو بانتظار المراجعة. أرشفها أولًا ثم حاول مرة أخرى.',
  ACCOUNT_HAS_MONEY_OWED:
    'لا يمكن حذف الحساب وله مبالغ لم تُحوَّل إليه بعد. سنحوّلها أولًا، ثم يمكنك حذف الحساب.',
  ACCOUNT_DELETION_PENDING: 'هذا الحساب في مهلة الحذف، فلا يقبل حجوزات جديدة.',
  IMAGE_EMPTY: 'الملف فارغ.',
  IMAGE_UNSUPPORTED: 'هذا الملف ليس صورة بصيغة JPEG أو PNG أو WebP أو AVIF.',
  IMAGE_FILE_NAME: 'اسم الملف غير مسموح به. غيّر اسم الملف ثم حاول مرة أخرى.',
  IMAGE_MISSING: 'اختر ملف صورة لرفعه.',
  TRANSLATION_OFF: 'الترجمة التلقائية غير متاحة.',
  // admin review desk
  SPACE_ALREADY_DECIDED: 'اتخذ مشرف آخر قرارًا بشأن هذه المساحة. تعرض القائمة الآن حالتها الحالية.',
  BOOKING_ALREADY_DECIDED:
    'تم البت في طلب الحجز هذا أو إلغاؤه مسبقًا. تعرض القائمة الآن حالته الحالية.',
  // renters find spaces
  // bookings (issue 7)
  BOOKING_OVERLAP: 'هذا الوقت يتداخل مع حجز مؤكد لهذه المساحة.',
  BOOKING_NOT_CANCELLABLE: 'لم يعد من الممكن إلغاء هذا الحجز: فقد رُفض أو أُلغي أو انتهت مهلته.',
  // requests expire, confirmed bookings can be cancelled (issue 18)
  BOOKING_STARTED: 'بدأ موعد هذا الحجز، فلم يعد من الممكن إلغاؤه.',
  // hosts control their spaces (issue 17)
  SPACE_PAUSED: 'أوقف المضيف استقبال طلبات الحجز لهذه المساحة مؤقتًا.',
  SPACE_ARCHIVED: 'أزال المضيف هذه المساحة ولم يعد حجزها ممكنًا.',
  SPACE_HAS_UPCOMING_BOOKINGS:
    'لهذه المساحة حجوزات مؤكدة قادمة، ويمكن أرشفتها بعد انقضائها. أوقفها مؤقتًا لتتوقف الطلبات الجديدة الآن.',
  SPACE_STATE: 'لا يمكن تنفيذ ذلك على المساحة في حالتها الحالية. تعرض الصفحة الآن حالتها.',
  BLOCK_OVER_BOOKING: 'يتداخل هذا الوقت مع حجز مؤكد، فلا يمكن حجبه.',
  TIME_BLOCKED: 'حجب المضيف هذا الوقت. اختر وقتًا آخر.',
  SLOT_IN_BUFFER:
    'هذا الوقت يقع ضمن الاستراحة التي يتركها المضيف بين الحجوزات. اختر وقتًا أبعد عن الحجز المؤكد.',
  WHATSAPP_NEEDS_PHONE: 'أضف رقم جوال موثّقًا قبل تفعيل إشعارات واتساب.',
  // reviews (issue 18)
  REVIEW_BOOKING_NOT_COMPLETED: 'لم ينتهِ موعد هذا الحجز بعد.',
  REVIEW_EXISTS: 'قيّمت هذا الحجز من قبل.',
  REVIEW_EDIT_CLOSED: 'انقضت مدة تعديل التقييم.',
  REVIEW_HIDDEN: 'هذا التقييم مخفي.',
  REVIEW_ALREADY_REPLIED: 'رددت على هذا التقييم من قبل.',
  // money (issue 32)
  REFUND_EXCEEDS_PAID: 'لا يمكن أن يتجاوز المبلغ المسترد ما دُفع للحجز بعد خصم ما استُرد منه.',
  PAYOUT_NOTHING_DUE:
    'لا توجد مبالغ مستحقة للمضيفين الآن: كل الحجوزات المنتهية دُفعت مستحقاتها، أو ليس لأصحابها آيبان.',
  TOO_MANY_PENDING_REQUESTS:
    'لديك أقصى عدد من الطلبات التي تنتظر الرد (5 لمساحة واحدة و10 في المجموع). انتظر الرد أو ألغِ أحدها من «حجوزاتي» قبل إرسال طلب جديد.',
  SPACE_CHANGED:
    'عدّل المضيف هذا الإعلان بعد أن فتحته. تعرض الصفحة الآن النسخة الجديدة، فراجعها قبل الموافقة.',
  INVALID_CURSOR: 'هذه الصفحة من القائمة لم تعد صالحة. ابدأ من الصفحة الأولى.',
  OWN_SPACE:
    'هذه مساحتك، فلا يمكنك حجزها أو تقييمها. إذا أردت إبقاء وقت لنفسك فاحجبه من تقويم مساحتك.',
  HOST_DECISIONS_OFF:
    'فريق HourSpace هو من يبت في طلبات هذه المساحة. غيّر طريقة قبول الطلبات من إعدادات المساحة إن كان مسموحًا لك.',
  DECISION_MODE_NOT_ALLOWED: 'طريقة قبول الطلبات هذه غير متاحة لحسابك بعد. يتيحها فريق HourSpace.',
  MESSAGE_RATE_LIMITED: 'أرسلت رسائل كثيرة في وقت قصير. انتظر دقيقة ثم أرسل مرة ثانية.',
  MESSAGING_BLOCKED: 'لا يستقبل المضيف رسائل منك في هذه المحادثة.',
  CONVERSATION_OWN_SPACE: 'هذه مساحتك، ولا يمكنك مراسلة نفسك عنها.',
  MESSAGE_ALREADY_REPORTED: 'أبلغت عن هذه الرسالة من قبل.',
  // payments (issue 32)
  ALREADY_PAID: 'دُفع هذا الحجز من قبل، فلن نأخذ منك شيئًا مرة ثانية.',
  BOOKING_NOT_PAYABLE: 'لا يُدفع إلا الحجز المؤكد، وهذا الحجز لم يعد مؤكدًا.',
  PAYMENT_DEADLINE_PASSED: 'انتهت مهلة الدفع لهذا الحجز، فأُلغي وصار الوقت متاحًا لغيرك.',
  PAYMENT_GATEWAY_UNAVAILABLE: 'تعذّر الوصول إلى بوابة الدفع الآن. لم يُخصم منك شيء؛ حاول بعد قليل.',
  INVOICE_NOT_RETRYABLE:
    'لا يُعاد إرسال هذا المستند إلى هيئة الزكاة والضريبة والجمارك: ليس في حالة فشل.',
};
