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
      requestThisTime: 'اطلب هذا الموعد',
      reviewSpace: 'قيّم المساحة',
      hostRequests: 'طلبات مساحاتي',
      openRequest: 'افتح الطلب',
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
        nextHostDecides:
          'أنت من يبت في طلبات هذه المساحة: افتح الطلب في قسم الاستضافة لتأكيده أو رفضه قبل أن تنتهي مهلته.',
      },
    },

    confirmed: {
      renter: {
        subject: (space: string) => `تم تأكيد حجزك في «${space}»`,
        body: [
          'يسعدنا إبلاغك بأن طلب حجزك قد تأكد. أضف الموعد إلى تقويمك من الملف المرفق.',
          'لم يُخصم أي مبلغ بعد: تدفع عبر مساحة بالساعة مرة واحدة قبل الموعد المذكور أدناه.',
        ],
        footnote:
          'يمكنك إلغاء الحجز قبل موعده من صفحة حجوزاتي: في مدة الإلغاء المجاني يُرد إليك كل ما دفعته، وبعدها يُرد ما تنص عليه سياسة الإلغاء في المساحة.',
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

    // issue 37: the host archived the space while the request waited
    archivedDeclined: {
      renter: {
        subject: (space: string) => `أُغلق طلبك في «${space}»`,
        body: 'أزال المضيف هذه المساحة من هورسبيس، فأُغلق طلبك تلقائيًا. لم يُخصم أي مبلغ، ويمكنك اختيار مساحة أخرى.',
      },
    },

    // issue 37: the booking that took the time was cancelled, the time is free again
    slotFreed: {
      renter: {
        subject: (space: string) => `الموعد الذي طلبته في «${space}» صار متاحًا`,
        body: 'أُلغي الحجز الذي أخذ الموعد الذي طلبته، فصار الموعد متاحًا من جديد. إن كان لا يزال يناسبك فأرسل طلبًا جديدًا؛ لم يُحجز لك بعد.',
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
          'نأسف لإبلاغك بأن فريقنا ألغى حجزك المؤكد لأن المضيف لا يستطيع استقبالك في هذا الموعد. لم يُخصم أي مبلغ، وإن كنت دفعت فسيُرد إليك كاملًا.',
        reason: (reason: string) => `السبب: ${reason}`,
        byRenter: 'ألغيت حجزك المؤكد كما طلبت.',
        byHost:
          'نأسف لإبلاغك بأن المضيف ألغى حجزك المؤكد. يُعاد إليك كامل ما دفعته، ولن يُخصم منك شيء.',
        free: 'أُلغي الحجز ضمن مدة الإلغاء المجاني في سياسة هذه المساحة. لم يُخصم أي مبلغ.',
        late: (policy: string, until: string) =>
          `أُلغي الحجز بعد انتهاء مدة الإلغاء المجاني (${policy}؛ انتهت في ${until}). إن كنت دفعت عبر مساحة بالساعة فيُرد إليك ما تنص عليه سياسة الإلغاء في المساحة للإلغاء المتأخر، ويصلك بريد بالمبلغ المسترد.`,
        calendarFile: 'أُرفق ملف تقويم يزيل الموعد من تقويمك.',
        calendarSummary: (space: string) => `حجز ملغى: ${space}`,
      },
      admin: {
        subject: (space: string) => `أُلغي حجز مؤكد: ${space}`,
        byAdmin: (reason: string) => `ألغاه أحد المشرفين. السبب: ${reason}`,
        byHost: (reason: string) => `ألغاه المضيف، ويُحسب إلغاءً على سجله. السبب: ${reason}`,
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

    payment: {
      labels: { dueBy: 'ادفع قبل (بتوقيت الرياض)', paid: 'المدفوع', refund: 'المبلغ المسترد' },
      payNow: 'ادفع الآن',
      confirmedDue: (amount: string, deadline: string) =>
        `لتثبيت حجزك ادفع ${amount} قبل ${deadline} بتوقيت الرياض، بمدى أو بطاقة ائتمانية أو Apple Pay أو STC Pay. إن لم يُدفع قبل ذلك يُلغى الحجز ويُتاح الموعد لغيرك.`,
      paid: {
        subject: (space: string) => `وصلنا المبلغ: حجزك في «${space}» مثبّت`,
        body: 'استلمنا مبلغ حجزك، وأصبح الحجز مثبّتًا. احتفظ بهذه الرسالة إيصالًا للدفع.',
      },
      due: {
        subject: (space: string) => `تذكير بدفع حجزك في «${space}»`,
        body: (amount: string, deadline: string) =>
          `حجزك مؤكد لكنه لم يُدفع بعد. ادفع ${amount} قبل ${deadline} بتوقيت الرياض، وإلا أُلغي الحجز وأُتيح الموعد لغيرك.`,
      },
      released: {
        renter: {
          subject: (space: string) => `أُلغي حجزك في «${space}» لعدم الدفع في الموعد`,
          body: [
            'لم يُدفع حجزك قبل انتهاء مهلة الدفع، فأُلغي وأصبح الموعد متاحًا. لم يُخصم منك شيء.',
            'يمكنك إرسال طلب جديد إن بقي الموعد متاحًا.',
          ],
        },
        host: {
          subject: (space: string) => `لم يُدفع حجز في «${space}» فأُلغي`,
          body: 'لم يدفع المستأجر قبل انتهاء المهلة، فأُلغي الحجز وأصبح الموعد متاحًا لطلبات أخرى.',
        },
      },
    },

    refundFailed: {
      admin: {
        subject: (reference: string) => `رفضت بوابة الدفع استرداد مبلغ الحجز ${reference}`,
        body: (amount: string, reference: string, space: string) =>
          `طلبنا من بوابة الدفع إعادة ${amount} للمستأجر عن الحجز ${reference} في «${space}»، فرفضت الطلب. المبلغ لم يُرد بعد.`,
        details: (paymentId: string, error: string) =>
          `رقم الدفعة لدى البوابة: ${paymentId}\nرد البوابة: ${error}`,
        action:
          'أعِد المبلغ يدويًا من لوحة بوابة الدفع، أو تواصل مع المستأجر، حتى لا يبقى ماله معلّقًا.',
      },
    },

    // Issue 37 (decision 072): the requests that arrived during a burst, in one email.
    newRequests: {
      subject: (count: number) => `طلبات حجز جديدة (${count})`,
      body: (count: string) => `طلبات الحجز التي وصلت منذ رسالتنا الأخيرة (${count}):`,
      // The reference first: a short left-to-right run at the start of a line never wraps at its
      // hyphen (at the end of an Arabic line it read «-HS»).
      line: (what: string, reference: string) => `• المرجع ${reference} · ${what}`,
      footnote: (every: string) =>
        `حين تتوالى الطلبات نجمعها في رسالة واحدة كل ${every} على الأكثر، فلا يفوتك منها شيء ويبقى بريدك مقروءًا.`,
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
    dataExport: {
      subject: 'بياناتك في مساحة بالساعة جاهزة',
      body: 'نسخة البيانات التي تحفظها مساحة بالساعة عنك جاهزة: ملفك وحجوزاتك ومساحاتك وتقييماتك وموافقاتك والسجلات المتعلقة بها. افتح الرابط وأنت داخل حسابك لتنزيلها.',
      button: 'تنزيل بياناتي',
      expiry: 'الرابط صالح لمدة 7 أيام ولحسابك فقط. إن لم تطلبه فغيّر كلمة مرورك.',
    },
    passwordChanged: {
      subject: 'تم تغيير كلمة المرور في مساحة بالساعة',
      changed: 'تم الآن تغيير كلمة مرور حسابك في مساحة بالساعة، وخرجت أجهزتك الأخرى من الحساب.',
      reset: 'تمت الآن إعادة تعيين كلمة مرور حسابك في مساحة بالساعة، وخرجت جميع الأجهزة من الحساب.',
      notYou:
        'إن لم تكن أنت من فعل ذلك، فاختر كلمة مرور جديدة الآن عبر «نسيت كلمة المرور؟» في صفحة الدخول، وراسلنا.',
    },
    emailChange: {
      subject: 'أكّد بريدك الإلكتروني الجديد في مساحة بالساعة',
      body: 'طلبت تغيير البريد الإلكتروني لحسابك في مساحة بالساعة إلى هذا العنوان. اضغط الرابط أدناه لتأكيده.',
      button: 'تأكيد البريد الجديد',
      expiry:
        'الرابط صالح لمدة ساعة ولمرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة، ويبقى بريد الحساب كما هو.',
    },
    emailChanged: {
      subject: 'تم تغيير البريد الإلكتروني لحسابك في مساحة بالساعة',
      body: (email: string) =>
        `تم تغيير البريد الإلكتروني لحسابك في مساحة بالساعة إلى ${email}، ولن تصلك رسائل الحساب على هذا العنوان بعد الآن.`,
      notYou: 'إن لم تكن أنت من فعل ذلك، فراسلنا فورًا بالرد على هذه الرسالة.',
    },
    deletionRequested: {
      subject: 'طلب حذف حسابك في مساحة بالساعة',
      body: (date: string) =>
        `وصلنا طلبك لحذف حسابك في مساحة بالساعة. سنحذف بياناتك الشخصية أو نخفي هويتك فيها يوم ${date}.`,
      cancel: 'إن غيّرت رأيك فادخل إلى حسابك قبل ذلك اليوم، فيُلغى الحذف.',
    },
    deletionCancelled: {
      subject: 'أُلغي حذف حسابك في مساحة بالساعة',
      body: 'دخلت إلى حسابك في مساحة بالساعة خلال مهلة الحذف، فألغينا طلب الحذف ويبقى حسابك كما هو.',
      notYou: 'إن لم تكن أنت من دخل، فغيّر كلمة مرورك الآن وراسلنا.',
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

  message: {
    received: {
      subject: (space: string) => `رسالة جديدة عن «${space}»`,
      body: (name: string) => `وصلتك رسالة جديدة من ${name}:`,
      fromTeam: 'وصلتك رسالة جديدة من فريق مساحة بالساعة:',
      team: 'فريق مساحة بالساعة',
      bookingLine: (reference: string) => `طلب حجز جديد ${reference}`,
      button: 'افتح المحادثة',
      footnote:
        'لن نرسل لك أكثر من رسالة واحدة كل ربع ساعة عن هذه المحادثة. رد من الموقع ليبقى كل شيء محفوظًا.',
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
    booking_released_renter:
      'أُلغي حجزك في {{1}} يوم {{2}}، {{3}} لأنه لم يُدفع في موعده. لم يُخصم منك شيء، وأصبح الموعد متاحًا لغيرك.',
    booking_released_host:
      'لم يُدفع الحجز في مساحتك {{1}} يوم {{2}}، {{3}} في موعده، فأُلغي وأصبح الموعد متاحًا.',
    booking_payment_due_renter:
      'تذكير: ادفع {{4}} لحجزك في {{1}} يوم {{2}}، {{3}} قبل {{5}} بتوقيت الرياض، وإلا أُلغي الحجز. للدفع: {{6}}',
    booking_revoked_host: 'ألغى فريقنا الحجز المؤكد في مساحتك {{1}} يوم {{2}}، {{3}}.',
    message_received: 'وصلتك رسالة من {{1}} عن {{2}}: «{{3}}». للرد افتح المحادثة: {{4}}',
  },
};
