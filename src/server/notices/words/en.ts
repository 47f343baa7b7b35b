import type { NoticeWords } from '../words.ts';

/** The English words of every email and WhatsApp notice: the twin of ./ar.ts, key for key. */
export const en: NoticeWords = {
  hello: (name) => `Hello ${name},`,
  helloTeam: 'Hello,',

  booking: {
    labels: {
      space: 'Space',
      date: 'Date',
      time: 'Time',
      guests: 'Guests',
      total: 'Total (VAT included)',
      vat: (percent) => `Of which VAT (${percent}%)`,
      address: 'Address',
      renter: 'Renter',
      phone: 'Contact phone',
      reference: 'Booking ref.',
      policy: 'Cancellation policy',
    },
    policyNames: { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict' },
    policySentence: (policy, span) => `${policy}: free cancellation until ${span} before the start`,
    buttons: {
      myBookings: 'My bookings',
      reviewRequests: 'Review requests',
      viewSpace: 'View the space',
      exploreSpaces: 'Explore spaces',
      requestThisTime: 'Request this time',
      reviewSpace: 'Review the space',
      hostRequests: 'Requests for my spaces',
      openRequest: 'Open the request',
      searchAgain: 'Search again',
      chooseAnotherTime: 'Choose another time',
      reviewDesk: 'Review desk',
    },

    requested: {
      renter: {
        subject: (space) => `We received your booking request: ${space}`,
        body: 'We received your booking request and it is now being reviewed. Nothing has been charged, and the booking is not confirmed until our team contacts you.',
        footnote: 'You can follow your request, or cancel it while it is pending, in My bookings.',
      },
      admin: {
        subject: (space) => `New booking request to review: ${space}`,
        body: 'A new booking request is waiting to be confirmed or rejected.',
      },
      host: {
        subject: (space) => `New booking request for “${space}”`,
        arrived: (space) => `A new booking request has arrived for your space “${space}”.`,
        next: 'Our team reviews it and contacts the renter; we will email you as soon as it is confirmed or declined. If the time does not suit you, contact us as soon as you can.',
        nextHostDecides:
          'You decide the requests of this space: open the request in your Hosting area to confirm or decline it before it expires.',
      },
    },

    confirmed: {
      renter: {
        subject: (space) => `Your booking at “${space}” is confirmed`,
        body: [
          'Good news: your booking request is confirmed. Add it to your calendar with the attached file.',
          'Nothing has been charged yet: you pay through HourSpace, once, by the time below.',
        ],
        footnote:
          'You can cancel the booking before it starts in My bookings: inside the free cancellation window everything you paid is refunded; after it, the refund follows the space’s cancellation policy.',
        calendarSummary: (space) => `Booking: ${space}`,
        calendarNote: 'Confirmed booking through HourSpace.',
      },
      host: {
        subject: (space) => `A booking for “${space}” is confirmed`,
        body: 'This booking is confirmed and the time is now taken on your space’s calendar. Please be ready to welcome the guests.',
      },
    },

    rejected: {
      renter: {
        subject: (space) => `Your booking request at “${space}” was not accepted`,
        body: 'We are sorry: the host did not accept your booking request for this time. Nothing has been charged.',
        note: 'Note:',
        next: 'You can choose another time or another space on the explore page.',
      },
      host: {
        subject: (space) => `A booking request for “${space}” was declined`,
        body: 'This booking request was not accepted; the time stays open for other requests.',
      },
    },

    slotTaken: {
      renter: {
        subject: (space) => `The time you asked for at “${space}” is no longer available`,
        body: 'Another booking was confirmed for the time you asked for, so your request was closed automatically. Nothing has been charged.',
        freeTimes: (day, times) => `Free times at this space on ${day}:\n${times}`,
        noFreeTime: (day) =>
          `No free time is left at this space on ${day}; try another day or another space.`,
      },
    },

    archivedDeclined: {
      renter: {
        subject: (space) => `Your request at “${space}” was closed`,
        body: 'The host removed this space from HourSpace, so your request was closed automatically. Nothing has been charged, and you can choose another space.',
      },
    },

    slotFreed: {
      renter: {
        subject: (space) => `The time you asked for at “${space}” is free again`,
        body: 'The booking that took the time you asked for was cancelled, so the time is free again. If it still suits you, send a new request; it is not booked for you yet.',
      },
    },

    expired: {
      renter: {
        subject: (space) => `Your booking request at “${space}” expired`,
        body: [
          'We are sorry: your booking request expired before a decision was made, so it no longer stands. Nothing has been charged.',
          'You can look for another time at this space or another one and send a new request.',
        ],
      },
      host: {
        subject: (space) => `A booking request for “${space}” expired`,
        body: 'This booking request expired before a decision was made; it no longer stands and the time stays open for other requests.',
      },
    },

    cancelled: {
      renter: {
        subject: (space) => `Your booking at “${space}” is cancelled`,
        byAdmin:
          'We are sorry: our team cancelled your confirmed booking because the host cannot host it at this time. Nothing has been charged, and anything you paid is refunded in full.',
        reason: (reason) => `Reason: ${reason}`,
        byRenter: 'Your confirmed booking is cancelled, as you asked.',
        byHost:
          'We are sorry: the host cancelled your confirmed booking. Anything you paid is refunded in full; nothing is charged.',
        free: 'It was cancelled within the free cancellation window of this space’s policy. Nothing has been charged.',
        late: (policy, until) =>
          `The booking was cancelled after the free cancellation window (${policy}; it ended on ${until}). If you paid through HourSpace, you get back what the space’s cancellation policy gives for a late cancellation.`,
        calendarFile: 'The attached calendar file removes the booking from your calendar.',
        calendarSummary: (space) => `Cancelled booking: ${space}`,
      },
      admin: {
        subject: (space) => `A confirmed booking was cancelled: ${space}`,
        byAdmin: (reason) => `An admin cancelled it. Reason: ${reason}`,
        byHost: (reason) => `The host cancelled it; it counts on their record. Reason: ${reason}`,
        byRenterFree: 'The renter cancelled it within the free cancellation window.',
        byRenterLate: 'The renter cancelled it after the free cancellation window.',
        reopened: 'The time is open again.',
      },
      host: {
        subject: (space) => `A booking for “${space}” was cancelled`,
        body: 'The renter cancelled this booking; the time is open for other requests.',
      },
    },

    revoked: {
      host: {
        subject: (space) => `A confirmed booking for “${space}” was cancelled`,
        body: 'Our team cancelled this confirmed booking; the time is open for other requests.',
      },
    },

    completed: {
      renter: {
        subject: (space) => `How was “${space}”?`,
        body: [
          'We hope your booking went as you wanted. Rate the space from one to five stars, with a short comment if you like.',
          'Your review helps other renters choose, and helps the host improve the space.',
        ],
        footnote: (days) => `You can edit your review for ${days} days after writing it.`,
      },
    },

    payment: {
      labels: { dueBy: 'Pay by (Riyadh time)', paid: 'Paid', refund: 'Refund' },
      payNow: 'Pay now',
      confirmedDue: (amount, deadline) =>
        `To secure it, pay ${amount} by ${deadline} (Riyadh time) with mada, a card, Apple Pay or STC Pay. Unpaid by then, the booking is cancelled and the time is offered to others.`,
      paid: {
        subject: (space) => `Payment received: your booking at “${space}” is secured`,
        body: 'We received your payment; your booking is secured. Keep this email as your receipt.',
      },
      due: {
        subject: (space) => `Reminder: pay for your booking at “${space}”`,
        body: (amount, deadline) =>
          `Your booking is confirmed but not paid yet. Pay ${amount} by ${deadline} (Riyadh time), or the booking is cancelled and the time is offered to others.`,
      },
      released: {
        renter: {
          subject: (space) => `Your booking at “${space}” was cancelled: not paid in time`,
          body: [
            'Your booking was not paid by its deadline, so it was cancelled and the time is open again. Nothing was charged.',
            'You can send a new request if the time is still free.',
          ],
        },
        host: {
          subject: (space) => `A booking for “${space}” was not paid and is cancelled`,
          body: 'The renter did not pay by the deadline, so the booking was cancelled; the time is open for other requests.',
        },
      },
    },

    refundFailed: {
      admin: {
        subject: (reference) => `The payment gateway refused the refund of booking ${reference}`,
        body: (amount, reference, space) =>
          `We asked the payment gateway to give ${amount} back to the renter of booking ${reference} at “${space}”, and it refused. The money has not been refunded yet.`,
        details: (paymentId, error) =>
          `The gateway's payment id: ${paymentId}\nThe gateway's answer: ${error}`,
        action:
          "Refund it by hand in the gateway's dashboard, or contact the renter, so their money is not left stuck.",
      },
    },

    // Issue 37 (decision 072): the requests that arrived during a burst, in one email.
    newRequests: {
      subject: (count) => `New booking requests (${count})`,
      body: (count) => `The booking requests that arrived since our last email (${count}):`,
      line: (what, reference) => `• ref. ${reference} · ${what}`,
      footnote: (every) =>
        `While requests keep arriving we gather them into one email at most once every ${every}, so none is missed and your inbox stays readable.`,
    },

    requestsWaiting: {
      admin: {
        subject: (count) => `Booking requests waiting for a decision (${count})`,
        body: 'These requests have been waiting for a while; each expires at the time shown unless it is decided:',
        line: (what, left) => `• ${what} (${left} left)`,
      },
    },
  },

  space: {
    labels: {
      name: 'Space name',
      language: 'Listing language',
      languages: { ar: 'Arabic', en: 'English' },
      price: 'Price per hour',
      capacity: 'Capacity',
      host: 'Host',
      reference: 'Reference',
    },
    toReview: {
      admin: {
        subject: {
          new: (space) => `A new listing to review: ${space}`,
          resubmitted: (space) => `A listing edited after rejection to review: ${space}`,
          revision: (space) => `Changes to a live listing to review: ${space}`,
        },
        body: {
          new: 'A host submitted a new space. It waits for your approval before renters can see it.',
          resubmitted:
            'A host edited a listing that was not approved and sent it again. It waits for your approval before renters can see it.',
          revision:
            'A host changed the content of a live listing. The current version stays visible until you approve or reject the changes.',
        },
        button: 'Review spaces',
      },
    },
    approved: {
      host: {
        subject: (space) => `Your space “${space}” is approved`,
        body: (space) =>
          `Our team reviewed your space “${space}” and approved it. It now shows on the explore page and renters can request to book it.`,
        after: 'We will email you about every booking request.',
        button: 'View your space',
      },
    },
    rejected: {
      host: {
        subject: (space) => `Your space “${space}” was not approved`,
        body: (space) =>
          `Our team reviewed your space “${space}” and could not approve it yet, so renters will not see it.`,
        reasonLabel: 'The reason:',
        after: 'You can read the reason again under “My spaces” in your account.',
        button: 'My account',
      },
    },
    revisionRejected: {
      host: {
        subject: (space) => `Your changes to “${space}” were not approved`,
        body: (space) =>
          `Our team reviewed the changes you sent for your space “${space}” and could not approve them, so renters keep seeing the space as it was.`,
        reasonLabel: 'The reason:',
        after: 'You can edit the space again under “My spaces” in your account.',
        button: 'My account',
      },
    },
  },

  account: {
    /** The SMS that carries a phone code (not a notice: the person asked for it). */
    phoneCodeSms: (code) =>
      `Your HourSpace verification code: ${code}\nValid for 5 minutes. Do not share it.`,
    activation: {
      subject: 'Activate your HourSpace account',
      body: 'Thank you for signing up to HourSpace. Follow the link below to activate your account; it signs you in as well.',
      button: 'Activate my account',
      expiry:
        'The link is valid for 24 hours. If you did not create an account, ignore this email.',
    },
    passwordReset: {
      subject: 'Reset your HourSpace password',
      body: 'We received a request to reset the password of your HourSpace account. Follow the link below to choose a new one.',
      button: 'Choose a new password',
      expiry:
        'The link is valid for 30 minutes and works once. If you did not ask for it, ignore this email: your password stays as it is.',
    },
    dataExport: {
      subject: 'Your HourSpace data is ready',
      body: 'The copy of the data HourSpace holds about you is ready: your profile, bookings, spaces, reviews, consents and the records about them. Open the link while signed in to your account to download it.',
      button: 'Download my data',
      expiry:
        'The link works for 7 days, and only for your account. If you did not ask for it, change your password.',
    },
    passwordChanged: {
      subject: 'Your HourSpace password was changed',
      changed:
        'The password of your HourSpace account was just changed, and your other devices were signed out.',
      reset:
        'The password of your HourSpace account was just reset, and every device was signed out.',
      notYou:
        'If this was not you, choose a new password now with “Forgot your password?” on the sign-in page, and write to us.',
    },
    emailChange: {
      subject: 'Confirm your new HourSpace email',
      body: 'You asked to change the email of your HourSpace account to this address. Follow the link below to confirm it.',
      button: 'Confirm the new email',
      expiry:
        'The link is valid for one hour and works once. If you did not ask for it, ignore this email: the account keeps its email.',
    },
    emailChanged: {
      subject: 'The email of your HourSpace account was changed',
      body: (email) =>
        `The email of your HourSpace account was changed to ${email}; account emails no longer come to this address.`,
      notYou: 'If this was not you, write to us at once by answering this email.',
    },
    deletionRequested: {
      subject: 'Your HourSpace account will be deleted',
      body: (date) =>
        `We received your request to delete your HourSpace account. Your personal data will be erased or anonymised on ${date}.`,
      cancel:
        'If you change your mind, sign in to your account before that day and the deletion is cancelled.',
    },
    deletionCancelled: {
      subject: 'The deletion of your HourSpace account was cancelled',
      body: 'You signed in to your HourSpace account during the deletion grace period, so the deletion is cancelled and your account stays as it is.',
      notYou: 'If it was not you who signed in, change your password now and write to us.',
    },
  },

  contact: {
    team: {
      subject: 'New contact message',
      body: 'New message from the contact page',
      labels: {
        name: 'Name',
        email: 'Email',
        language: 'Language',
        reference: 'Reference',
        message: 'Message',
      },
      footnote: 'Reply to this email to answer the sender.',
    },
  },

  message: {
    received: {
      subject: (space) => `New message about “${space}”`,
      body: (name) => `You have a new message from ${name}:`,
      fromTeam: 'You have a new message from the HourSpace team:',
      team: 'the HourSpace team',
      bookingLine: (reference) => `New booking request ${reference}`,
      button: 'Open the conversation',
      footnote:
        'We send at most one email every 15 minutes about this conversation. Reply on the site so everything stays in one place.',
    },
  },

  whatsapp: {
    booking_requested_renter:
      'We received your booking request for {{1}} on {{2}}, {{3}}. Total {{4}}, VAT included. The booking is not confirmed until our team contacts you.',
    booking_requested_host:
      'A new booking request arrived for your space {{1}} on {{2}}, {{3}}. Our team will review it and let you know.',
    booking_confirmed_renter:
      'Your booking at {{1}} on {{2}}, {{3}} is confirmed. Total {{4}}, VAT included.',
    booking_confirmed_host: 'A booking at your space {{1}} on {{2}}, {{3}} is confirmed.',
    booking_declined_renter:
      'Sorry, your booking request for {{1}} on {{2}}, {{3}} was not accepted. You can choose another time or another space.',
    booking_declined_host: 'The booking request for your space {{1}} on {{2}}, {{3}} was declined.',
    booking_cancelled_host:
      'The renter cancelled the booking request for your space {{1}} on {{2}}, {{3}}.',
    booking_expired_renter:
      'Your booking request for {{1}} on {{2}}, {{3}} expired without a decision. You can choose another time or another space.',
    booking_expired_host:
      'The booking request for your space {{1}} on {{2}}, {{3}} expired without a decision.',
    booking_revoked_renter:
      'Sorry, our team cancelled your confirmed booking at {{1}} on {{2}}, {{3}}. The reason is in your email.',
    booking_released_renter:
      'Your booking at {{1}} on {{2}}, {{3}} was cancelled because it was not paid in time. Nothing was charged; the time is open again.',
    booking_released_host:
      'The booking at your space {{1}} on {{2}}, {{3}} was not paid in time, so it was cancelled and the time is open again.',
    booking_payment_due_renter:
      'Reminder: pay {{4}} for your booking at {{1}} on {{2}}, {{3}} by {{5}} (Riyadh time), or it is cancelled. Pay here: {{6}}',
    booking_revoked_host:
      'Our team cancelled the confirmed booking at your space {{1}} on {{2}}, {{3}}.',
    message_received:
      'New message from {{1}} about {{2}}: “{{3}}”. Open the conversation to reply: {{4}}',
  },
};
