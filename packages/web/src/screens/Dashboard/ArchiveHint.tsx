import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listActivities } from '../../api/activities';
import type { SummaryPeriod } from '../../api/dashboard';
import { useAuth } from '../../auth/AuthProvider';
import { useFormat } from '../../hooks/useFormat';
import { periodReaching } from './archivePeriod';
import { queryKeys } from '../../api/query-keys';

const linkClass =
  'inline-flex min-h-9 items-center rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700';

/**
 * When the period on screen has no rides but the rider has older ones (an imported archive): "Your
 * latest ride was on 12 Mar 2024", with a way to the period that holds it, or to the ride itself.
 */
export function ArchiveHint({
  empty,
  emptySaid = false,
  onShowPeriod,
}: {
  /** Whether the period on screen has no rides. */
  empty: boolean;
  /** Whether the page already says the period has no rides (the summary's alert): not said twice. */
  emptySaid?: boolean;
  /** The summary switches its period in place; without it, the hint links to the summary. */
  onShowPeriod?: (period: SummaryPeriod) => void;
}) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const { user } = useAuth();
  const latest = useQuery({
    queryKey: queryKeys.activities.latest(user?.id),
    queryFn: () => listActivities({ limit: 1 }),
    enabled: empty,
  });
  const ride = latest.data?.activities[0];
  if (!empty || !ride) return null;
  const period = periodReaching(ride.start_date, Date.now());
  return (
    <div
      role="status"
      data-testid="archive-hint"
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 sm:flex-row sm:items-center"
    >
      <History className="h-5 w-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        {t(emptySaid ? 'archive.latestOnly' : 'archive.latest', { date: f.longDate(ride.start_date) })}
      </p>
      {period === null ? (
        <Link to={`/activities/${ride.id}`} className={linkClass} data-testid="archive-show">
          {t('archive.showRide')}
        </Link>
      ) : onShowPeriod ? (
        <button
          type="button"
          className={linkClass}
          data-testid="archive-show"
          onClick={() => onShowPeriod(period)}
        >
          {t('archive.showPeriod', { period: t(`ranges.${period}`) })}
        </button>
      ) : (
        <Link to={`/dashboard/cycling?period=${period}`} className={linkClass} data-testid="archive-show">
          {t('archive.showPeriod', { period: t(`ranges.${period}`) })}
        </Link>
      )}
    </div>
  );
}
