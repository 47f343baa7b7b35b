/**
 * The Arabic words of every email and WhatsApp notice (the English twin: ./en.ts, same keys,
 * checked by ../words.test.ts). A function takes what changes (a space's name, a count); names
 * people wrote arrive already isolated (`isolate`, src/shared/format.ts) where the email says
 * so. WhatsApp texts are the bodies approved by Meta: {{1}}, {{2}}… are their parameters.
 */
export const ar = {
  /** The greeting line; `greeting()` (../words.ts) isolates the name. */
  hello: (name: string) => `أهلًا ${name}،`,
  helloTeam: 'مرحبًا،',

  booking: {
    labels: {
      space: 'المساحة',
      date: 'التاريخ',
      time: 'الوقت',
      guests: 'الضيوف',
      total: 'الإجمالي (شامل ضريبة القيمة المضافة)',
      vat: (percent: number) => `منها ضريبة القيمة المضافة (${percent}%)`,
      address: 'العنوان',
      renter: 'المستأجر',
      phone: 'جوال التواصل',
      reference: 'رقم الحجز',
      policy: 'سياسة الإلغاء',
    },
    policyNames: { flexible: 'مرنة', moderate: 'معتدلة', strict: 'صارمة' },
    policySentence: (policy: string, span: string) =>
      `${policy}: الإلغاء مجاني حتى ${span} قبل موعد البدء`,
    buttons: {
      myBookings: 'حجوزاتي',
      reviewRequests: 'مراجعة الطلبات',
      viewSpace: 'عرض المساحة',
      exploreSpaces: 'استكشف المساحات',
      reviewSpace: 'قيّم المساحة',
      hostRequests: 'طلبات مساحاتي',
      searchAgain: 'ابحث عن موعد آخر',
      chooseAnotherTime: 'اختر موعدًا آخر',
      reviewDesk: 'لوحة المراجعة',
    },

    requested: {
      renter: {
        subject: (space: string) => `استلمنا طلب حجزك: ${space}`,
        body: 'استلمنا طلب حجزك وهو الآن قيد المراجعة. لم يُخصم أي مبلغ، ولا يُعد الحجز مؤكدًا حتى يتواصل معك فريقنا.',
        footnote: 'يمكنك متابعة طلبك أو إلغاؤه ما دام قيد المراجعة من صفحة حجوزاتي.',
      },
      admin: {
        subject: (space: string) => `طلب حجز جديد بانتظار المراجعة: ${space}`,
        body: 'وصل طلب حجز جديد ينتظر التأكيد أو الرفض.',
      },
      host: {
        subject: (space: string) => `طلب حجز جديد على «${space}»`,
        arrived: (space: string) => `وصل طلب حجز جديد على مساحتك «${space}».`,
        next: 'يراجع فريقنا الطلب ويتواصل مع المستأجر، وسنراسلك فور تأكيده أو رفضه. إن كان الموعد لا يناسبك فتواصل معنا في أقرب وقت.',
      },
    },

    confirmed: {
      renter: {
        subject: (space: string) => `تم تأكيد حجزك في «${space}»`,
        body: [
          'يسعدنا إبلاغك بأن طلب حجزك قد تأكد. أضف الموعد إلى تقويمك من الملف المرفق.',
          'لم يُخصم أي مبلغ؛ سيتواصل معك فريقنا لترتيب الدفع والتفاصيل.',
        ],
        footnote:
          'يمكنك إلغاء الحجز قبل موعده من صفحة حجوزاتي. بعد انتهاء مدة الإلغاء المجاني يبقى الإلغاء ممكنًا، وتنطبق عندها شروط المضيف على ما اتفقتما عليه؛ لا تتقاضى المنصة أي مبلغ.',
        calendarSummary: (space: string) => `حجز: ${space}`,
        calendarNote: 'حجز مؤكد عبر مساحة بالساعة.',
      },
      host: {
        subject: (space: string) => `تم تأكيد حجز في «${space}»`,
        body: 'تم تأكيد هذا الحجز، وأصبح الموعد محجوزًا في تقويم مساحتك. استعد لاستقبال الضيوف في الموعد.',
      },
    },

    rejected: {
      renter: {
        subject: (space: string) => `لم يُقبل طلب حجزك في «${space}»`,
        body: 'نأسف لإبلاغك بأن المضيف لم يقبل طلب حجزك لهذا الموعد. لم يُخصم أي مبلغ.',
        note: 'ملاحظة:',
        next: 'يمكنك اختيار موعد آخر أو مساحة أخرى من صفحة استكشاف المساحات.',
      },
      host: {
        subject: (space: string) => `لم يُقبل طلب حجز على «${space}»`,
        body: 'لم يُقبل طلب الحجز هذا، وما زال الموعد متاحًا لطلبات أخرى.',
      },
    },

    slotTaken: {
      renter: {
        subject: (space: string) => `الموعد الذي طلبته في «${space}» لم يعد متاحًا`,
        body: 'تم تأكيد حجز آخر في الموعد الذي طلبته، فأُغلق طلبك تلقائيًا. لم يُخصم أي مبلغ.',
        freeTimes: (day: string, times: string) =>
          `الأوقات المتاحة في هذه المساحة يوم ${day}:\n${times}`,
        noFreeTime: (day: string) =>
          `لم يبقَ وقت متاح في هذه المساحة يوم ${day}؛ جرّب يومًا آخر أو مساحة أخرى.`,
      },
    },

    expired: {
      renter: {
        subject: (space: string) => `انتهت مهلة طلب حجزك في «${space}»`,
        body: [
          'نأسف لإبلاغك بأن طلب حجزك انتهت مهلته قبل أن يُبت فيه، فلم يعد قائمًا. لم يُخصم أي مبلغ.',
          'يمكنك البحث عن موعد آخر في هذه المساحة أو في غيرها وإرسال طلب جديد.',
        ],
      },
      host: {
        subject: (space: string) => `انتهت مهلة طلب حجز على «${space}»`,
        body: 'انتهت مهلة طلب الحجز هذا قبل أن يُبت فيه، فلم يعد قائمًا، وما زال الموعد متاحًا لطلبات أخرى.',
      },
    },

    cancelled: {
      renter: {
        subject: (space: string) => `أُلغي حجزك في «${space}»`,
        byAdmin:
          'نأسف لإبلاغك بأن فريقنا ألغى حجزك المؤكد لأن المضيف لا يستطيع استقبالك في هذا الموعد. لم يُخصم أي مبلغ.',
        reason: (reason: string) => `السبب: ${reason}`,
        byRenter: 'ألغيت حجزك المؤكد كما طلبت.',
        free: 'أُلغي الحجز ضمن مدة الإلغاء المجاني في سياسة هذه المساحة. لم يُخصم أي مبلغ.',
        late: (policy: string, until: string) =>
          `أُلغي الحجز بعد انتهاء مدة الإلغاء المجاني (${policy}؛ انتهت في ${until}). لا تتقاضى منصة مساحة بالساعة أي مبلغ، فلن يُخصم منك شيء عبرنا؛ وإن كنت قد اتفقت مع المضيف على دفعة أو عربون فتنطبق شروطه على الإلغاء المتأخر.`,
        calendarFile: 'أُرفق ملف تقويم يزيل الموعد من تقويمك.',
        calendarSummary: (space: string) => `حجز ملغى: ${space}`,
      },
      admin: {
        subject: (space: string) => `أُلغي حجز مؤكد: ${space}`,
        byAdmin: (reason: string) => `ألغاه أحد المشرفين. السبب: ${reason}`,
        byRenterFree: 'ألغاه المستأجر ضمن مدة الإلغاء المجاني.',
        byRenterLate: 'ألغاه المستأجر بعد انتهاء مدة الإلغاء المجاني.',
        reopened: 'أصبح الموعد متاحًا لطلبات أخرى.',
      },
      host: {
        subject: (space: string) => `ألغى المستأجر حجزًا على «${space}»`,
        body: 'ألغى المستأجر هذا الحجز، وأصبح الموعد متاحًا لطلبات أخرى.',
      },
    },

    revoked: {
      host: {
        subject: (space: string) => `أُلغي حجز مؤكد على «${space}»`,
        body: 'ألغى فريقنا هذا الحجز المؤكد، وأصبح الموعد متاحًا لطلبات أخرى.',
      },
    },

    completed: {
      renter: {
        subject: (space: string) => `كيف كانت تجربتك في «${space}»؟`,
        body: [
          'نأمل أن يكون حجزك قد جرى كما أردت. شاركنا تقييمك للمساحة من نجمة إلى خمس نجوم، مع تعليق قصير إن رغبت.',
          'يساعد تقييمك المستأجرين الآخرين على الاختيار، ويساعد المضيف على تحسين مساحته.',
        ],
        footnote: (days: number) => `يمكنك تعديل تقييمك خلال ${days} يومًا من كتابته.`,
      },
    },

    requestsWaiting: {
      admin: {
        subject: (count: number) => `طلبات حجز تنتظر قرارك (${count})`,
        body: 'هذه الطلبات تنتظر التأكيد أو الرفض منذ مدة، وستنتهي مهلة كل منها في الوقت المذكور إن لم يُبت فيها:',
        line: (what: string, left: string) => `• ${what} (المتبقي: ${left})`,
      },
    },
  },

  space: {
    labels: {
      name: 'اسم المساحة',
      language: 'لغة الإعلان',
      languages: { ar: 'العربية', en: 'الإنجليزية' },
      price: 'السعر للساعة',
      capacity: 'السعة',
      host: 'المضيف',
      reference: 'المرجع',
    },
    toReview: {
      admin: {
        subject: {
          new: (space: string) => `مساحة جديدة بانتظار المراجعة: ${space}`,
          resubmitted: (space: string) => `مساحة عُدّلت بعد رفضها بانتظار المراجعة: ${space}`,
          revision: (space: string) => `تعديلات على مساحة معتمدة بانتظار المراجعة: ${space}`,
        },
        body: {
          new: 'أرسل مضيف مساحة جديدة، وهي بانتظار موافقتك قبل أن تظهر للمستأجرين.',
          resubmitted:
            'عدّل المضيف مساحة سبق رفضها وأعاد إرسالها، وهي بانتظار موافقتك قبل أن تظهر للمستأجرين.',
          revision:
            'عدّل المضيف محتوى مساحة معتمدة. تبقى النسخة الحالية ظاهرة حتى توافق على التعديلات أو ترفضها.',
        },
        button: 'مراجعة المساحات',
      },
    },
    approved: {
      host: {
        subject: (space: string) => `تمت الموافقة على مساحتك «${space}»`,
        body: (space: string) =>
          `راجع فريقنا مساحتك «${space}» ووافق عليها. أصبحت الآن ظاهرة في صفحة استكشاف المساحات ويمكن للمستأجرين طلب حجزها.`,
        after: 'سنراسلك عند وصول كل طلب حجز.',
        button: 'عرض المساحة',
      },
    },
    rejected: {
      host: {
        subject: (space: string) => `لم تتم الموافقة على مساحتك «${space}»`,
        body: (space: string) =>
          `راجع فريقنا مساحتك «${space}» ولم يتمكن من الموافقة عليها بعد، لذا لن تظهر للمستأجرين.`,
        reasonLabel: 'سبب الرفض:',
        after: 'يمكنك الاطلاع على السبب في صفحة «مساحاتي» في حسابك.',
        button: 'حسابي',
      },
    },
    revisionRejected: {
      host: {
        subject: (space: string) => `لم تتم الموافقة على تعديلاتك على «${space}»`,
        body: (space: string) =>
          `راجع فريقنا التعديلات التي أرسلتها على مساحتك «${space}» ولم يتمكن من اعتمادها، لذا تبقى المساحة ظاهرة للمستأجرين كما كانت.`,
        reasonLabel: 'سبب الرفض:',
        after: 'يمكنك تعديل المساحة مرة أخرى من صفحة «مساحاتي» في حسابك.',
        button: 'حسابي',
      },
    },
  },

  account: {
    /** The SMS that carries a phone code (not a notice: the person asked for it). */
    phoneCodeSms: (code: string) =>
      `رمز التحقق في مساحة بالساعة: ${code}\nصالح لمدة 5 دقائق. لا تشاركه مع أحد.`,
    activation: {
      subject: 'فعّل حسابك في مساحة بالساعة',
      // The link activates the account and signs the person in (autoSignInAfterVerification).
      body: 'شكرًا لتسجيلك في مساحة بالساعة. اضغط الرابط أدناه لتفعيل حسابك، وستدخل إليه مباشرة.',
      button: 'تفعيل الحساب',
      expiry: 'الرابط صالح لمدة 24 ساعة. إن لم تنشئ حسابًا فتجاهل هذه الرسالة.',
    },
    passwordReset: {
      subject: 'إعادة تعيين كلمة المرور في مساحة بالساعة',
      body: 'وصلنا طلب لإعادة تعيين كلمة مرور حسابك في مساحة بالساعة. اضغط الرابط أدناه لاختيار كلمة مرور جديدة.',
      button: 'اختيار كلمة مرور جديدة',
      expiry:
        'الرابط صالح لمدة 30 دقيقة ولمرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة، وتبقى كلمة مرورك كما هي.',
    },
    passwordChanged: {
      subject: 'تم تغيير كلمة المرور في مساحة بالساعة',
      changed: 'تم الآن تغيير كلمة مرور حسابك في مساحة بالساعة، وخرجت أجهزتك الأخرى من الحساب.',
      reset: 'تمت الآن إعادة تعيين كلمة مرور حسابك في مساحة بالساعة، وخرجت جميع الأجهزة من الحساب.',
      notYou:
        'إن لم تكن أنت من فعل ذلك، فاختر كلمة مرور جديدة الآن عبر «نسيت كلمة المرور؟» في صفحة الدخول، وراسلنا.',
    },
  },

  contact: {
    team: {
      subject: 'رسالة تواصل جديدة',
      body: 'رسالة جديدة من صفحة تواصل معنا',
      labels: {
        name: 'الاسم',
        email: 'البريد',
        language: 'اللغة',
        reference: 'المرجع',
        message: 'الرسالة',
      },
      footnote: 'للرد، أجب على هذه الرسالة مباشرة',
    },
  },

  /** The WhatsApp templates' Arabic bodies (src/server/notices/whatsapp-templates.ts names their parameters). */
  whatsapp: {
    booking_requested_renter:
      'استلمنا طلب حجزك في {{1}} يوم {{2}}، {{3}}. الإجمالي {{4}} شامل ضريبة القيمة المضافة. لا يُعد الحجز مؤكدًا حتى يتواصل معك فريقنا.',
    booking_requested_host:
      'وصل طلب حجز جديد لمساحتك {{1}} يوم {{2}}، {{3}}. سيراجعه فريقنا ويبلغك بقراره.',
    booking_confirmed_renter:
      'تم تأكيد حجزك في {{1}} يوم {{2}}، {{3}}. الإجمالي {{4}} شامل ضريبة القيمة المضافة.',
    booking_confirmed_host: 'تم تأكيد حجز في مساحتك {{1}} يوم {{2}}، {{3}}.',
    booking_declined_renter:
      'نعتذر، لم يُقبل طلب حجزك في {{1}} يوم {{2}}، {{3}}. يمكنك اختيار وقت آخر أو مساحة أخرى.',
    booking_declined_host: 'رُفض طلب الحجز في مساحتك {{1}} يوم {{2}}، {{3}}.',
    booking_cancelled_host: 'ألغى المستأجر طلب الحجز في مساحتك {{1}} يوم {{2}}، {{3}}.',
    booking_expired_renter:
      'انتهت مهلة طلب حجزك في {{1}} يوم {{2}}، {{3}} دون تأكيد. يمكنك اختيار وقت آخر أو مساحة أخرى.',
    booking_expired_host: 'انتهت مهلة طلب الحجز في مساحتك {{1}} يوم {{2}}، {{3}} دون قرار.',
    booking_revoked_renter:
      'نعتذر، ألغى فريقنا حجزك المؤكد في {{1}} يوم {{2}}، {{3}}، وأصبح الموعد متاحًا. أرسلنا السبب إلى بريدك الإلكتروني.',
    booking_revoked_host: 'ألغى فريقنا الحجز المؤكد في مساحتك {{1}} يوم {{2}}، {{3}}.',
  },
};
