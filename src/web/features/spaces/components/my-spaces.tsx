import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SpaceStatus, SpaceType } from '#shared/constants.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import { paths } from '#web/lib/paths.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatPrice } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getMySpaces } from '../api/get-my-spaces.ts';
import { CalendarSync } from './calendar-sync.tsx';
import { SpaceBlocks } from './space-blocks.tsx';
import { SpaceHostActions } from './space-host-actions.tsx';

const STATUS_STYLE: Record<SpaceStatus, string> = {
  pending: 'bg-gold-400/30 text-brand-900',
  approved: 'bg-brand-100 text-brand-900',
  rejected: 'bg-red-50 text-red-800',
  paused: 'bg-sand-100 text-brand-900',
  archived: 'bg-sand-100 text-muted',
};

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: MySpace[] };

/** "My spaces": the user's listings, each with its review status and a rejection's reason. */
export function MySpaces() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getMySpaces(controller.signal).then(
      ({ items }) => setState({ status: 'ready', items }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="my-spaces-title" className="flex flex-col gap-4">
      <h2 id="my-spaces-title" className="text-2xl font-bold text-ink">
        {t('account.spaces.title')}
      </h2>
      {state.status === 'error' && (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 font-semibold text-red-800">
          {t('account.spaces.error')}
        </p>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-sand-200 p-6">
          <p className="text-muted">{t('account.spaces.empty')}</p>
          <Link
            to={paths.listYourSpace}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            {t('account.spaces.list')}
          </Link>
        </div>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {state.items.map((s) => {
            const name = (locale === 'ar' ? s.nameAr || s.nameEn : s.nameEn || s.nameAr) ?? '';
            return (
              <li
                key={s.id}
                aria-label={name}
                className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {s.status === 'approved' || s.status === 'paused' ? (
                    <Link
                      to={paths.space(s.id)}
                      className="font-bold text-ink hover:text-brand-700 hover:underline"
                      dir="auto"
                    >
                      {name}
                    </Link>
                  ) : (
                    <span className="font-bold text-ink" dir="auto">
                      {name}
                    </span>
                  )}
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                      STATUS_STYLE[s.status],
                    )}
                  >
                    {t(`account.spaces.status.${s.status}`)}
                  </span>
                </div>
                <p className="text-sm text-muted">
                  {t(`spaceTypes.${s.type as SpaceType}`)} · {formatPrice(s.priceHalalas, locale)}{' '}
                  {t('booking.perHour')}
                </p>
                {s.status !== 'archived' && (
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={paths.editListing(s.id)}
                      aria-label={t('account.spaces.editLabel', { name })}
                      className={buttonVariants({ variant: 'outline', size: 'sm' })}
                    >
                      {t('account.spaces.edit')}
                    </Link>
                    <SpaceBlocks spaceId={s.id} name={name} />
                    <CalendarSync spaceId={s.id} />
                  </div>
                )}
                <SpaceHostActions
                  space={s}
                  name={name}
                  onChange={(updated) =>
                    setState((current) =>
                      current.status === 'ready'
                        ? {
                            ...current,
                            items: current.items.map((item) =>
                              item.id === updated.id ? updated : item,
                            ),
                          }
                        : current,
                    )
                  }
                />
                {s.status === 'rejected' && s.reviewNote && (
                  <p className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
                    {t('account.spaces.reason', { reason: s.reviewNote })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
