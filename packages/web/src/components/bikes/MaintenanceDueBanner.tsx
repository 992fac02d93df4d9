import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMaintenanceDue } from '../../api/bikes';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';

/**
 * "Something is due" on the rider's bikes (issue 15): the parts at 90 % of their service interval or
 * past it, from GET /api/maintenance/due. Nothing is drawn when nothing is due. On the dashboard it
 * links to the bike; on /bikes it is the reminder above the cards.
 */
export function MaintenanceDueBanner({ linkToBikes = true }: { linkToBikes?: boolean }) {
  const { t } = useTranslation('bikes');
  const { user } = useAuth();
  const due = useQuery({
    queryKey: queryKeys.bikes.due(user?.id),
    queryFn: getMaintenanceDue,
    enabled: Boolean(user),
    staleTime: 60_000,
  });
  const items = due.data?.due ?? [];
  if (items.length === 0) return null;
  const overdue = items.filter((i) => i.wear_state === 'overdue').length;
  const first = items[0]!;
  return (
    <div
      role="status"
      data-testid="maintenance-due-banner"
      className={
        overdue > 0
          ? 'flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100'
          : 'flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100'
      }
    >
      <Wrench className="h-5 w-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">
          {overdue > 0 ? t('due.overdueTitle', { count: overdue }) : t('due.title', { count: items.length })}
        </span>{' '}
        {items
          .slice(0, 3)
          .map((i) =>
            t('due.item', { part: t(`kinds.${i.kind}`), bike: i.bike_name, pct: Math.round(i.wear_pct) }),
          )
          .join(' · ')}
        {items.length > 3 ? ` · ${t('due.more', { count: items.length - 3 })}` : ''}
      </p>
      {linkToBikes && (
        <Link
          to={`/bikes?bike=${first.bike_id}`}
          className="font-semibold underline underline-offset-4"
          data-testid="maintenance-due-link"
        >
          {t('due.open')}
        </Link>
      )}
    </div>
  );
}
