import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';

/** The two-part word mark: "Hour" + "Space", or in Arabic "مساحة" + "بالساعة". */
export function Logo({
  tone = 'dark',
  className,
}: {
  tone?: 'dark' | 'light';
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  const strong = tone === 'dark' ? 'text-brand-700' : 'text-white';
  const soft = tone === 'dark' ? 'text-ink/80' : 'text-sand-100/85';
  return (
    <Link
      to={paths.home}
      aria-label={t('app.name')}
      className={cn('flex items-center gap-2.5 rounded-lg', className)}
    >
      <svg aria-hidden viewBox="0 0 40 40" className="size-9 shrink-0">
        <rect
          width="40"
          height="40"
          rx="11"
          className={tone === 'dark' ? 'fill-brand-700' : 'fill-white/10'}
        />
        <circle
          cx="20"
          cy="20"
          r="10.5"
          fill="none"
          strokeWidth="3.5"
          className="stroke-gold-400"
        />
        <path
          d="M20 14v6.5l4.5 3"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-xl leading-none tracking-tight sm:text-2xl">
        {arabic ? (
          <>
            <span className={cn('font-bold', strong)}>مساحة</span>{' '}
            <span className={cn('font-normal', soft)}>بالساعة</span>
          </>
        ) : (
          <>
            <span className={cn('font-normal', soft)}>Hour</span>
            <span className={cn('font-bold', strong)}>Space</span>
          </>
        )}
      </span>
    </Link>
  );
}
