import { useState } from 'react';
import { BOOKING_STATUSES, type BookingStatus } from '#shared/constants.ts';
import type { AdminBooking } from '#shared/schemas/admin.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { cancelConfirmedBooking, confirmBooking, rejectBooking } from '../api/decide-booking.ts';
import { getAdminBookings } from '../api/get-admin-bookings.ts';
import { useDecision } from '../hooks/use-decision.ts';
import { usePolled } from '../hooks/use-polled.ts';
import { BookingReviewCard } from './booking-review-card.tsx';
import { ListState } from '#web/components/list-state.tsx';
import { Pager } from './pager.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { StatusTabs } from './status-tabs.tsx';

const TABS = [...BOOKING_STATUSES, 'all'] as const;

/**
 * Booking requests to confirm or reject (pending first, soonest to expire on top), confirmed
 * bookings to cancel with a reason, or any status, page by page.
 */
export function BookingsReview() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<BookingStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminBooking | null>(null);
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const bookings = usePolled(`bookings:${status}:${page}`, (signal) =>
    getAdminBookings({ status: status === 'all' ? undefined : status, page }, signal),
  );
  const { busyId, decide } = useDecision(bookings.reload);

  return (
    <div className="flex flex-col gap-5">
      <StatusTabs
        label={t('admin.filter.label')}
        statuses={TABS}
        counts={bookings.data?.counts}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <ListState
        result={bookings}
        empty={t('admin.empty.bookings')}
        failed={t('admin.loadError.bookings')}
        retry={t('admin.retry')}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.items.map((booking) => (
              <BookingReviewCard
                key={booking.id}
                booking={booking}
                busy={busyId === booking.id}
                onConfirm={() =>
                  void decide(
                    booking.id,
                    () => confirmBooking(booking.id),
                    t('admin.done.confirmed'),
                  )
                }
                onReject={() => setRejecting(booking)}
                onCancel={() => setCancelling(booking)}
              />
            ))}
          </div>
        )}
      </ListState>
      {bookings.data && (
        <Pager
          page={page}
          pageSize={bookings.data.pageSize}
          total={bookings.data.total}
          onChange={setPage}
        />
      )}
      <RejectDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('admin.reject.bookingTitle')}
        description={t('admin.reject.bookingText')}
        reasonLabel={t('admin.reject.note')}
        required={false}
        onReject={async (reason) => {
          const booking = rejecting!;
          await decide(
            booking.id,
            () => rejectBooking(booking.id, reason || undefined),
            t('admin.done.bookingRejected'),
          );
          setRejecting(null);
        }}
      />
      <RejectDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t('admin.cancel.title')}
        description={t('admin.cancel.text')}
        reasonLabel={t('admin.cancel.reason')}
        submitLabel={t('admin.cancel.submit')}
        required
        onReject={async (reason) => {
          const booking = cancelling!;
          await decide(
            booking.id,
            () => cancelConfirmedBooking(booking.id, reason),
            t('admin.done.bookingCancelled'),
          );
          setCancelling(null);
        }}
      />
    </div>
  );
}
