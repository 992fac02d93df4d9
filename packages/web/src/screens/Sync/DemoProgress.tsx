import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { listActivities } from '../../api/activities';
import { useAuth } from '../../auth/AuthProvider';
import { Card } from '../../components/ui/Card';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { queryKeys } from '../../api/query-keys';

const POLL_MS = 2000;

/** The demo's total from the URL (`/sync?demo=180`, set by the demo button), or null. */
export function demoTotal(params: URLSearchParams): number | null {
  const n = Number(params.get('demo'));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The demo rides' real progress: the rides stored so far of the total planned, re-read every 2 s
 * until all are in (the demo is several background imports, so no single import tells it).
 */
export function DemoProgress() {
  const { t } = useTranslation('sync');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const total = demoTotal(params);
  const stored = useQuery({
    queryKey: queryKeys.activities.demoCount(user?.id),
    queryFn: () => listActivities({ limit: 1 }),
    enabled: total !== null,
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.total ?? 0) < (total ?? 0) ? POLL_MS : false),
  });
  if (total === null) return null;
  const done = Math.min(stored.data?.total ?? 0, total);
  const finished = done >= total;
  return (
    <Card data-testid="demo-progress" data-done={done} data-total={total}>
      <div className="space-y-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <FlaskConical className="h-5 w-5 text-brand-600" aria-hidden />
          {finished ? t('demo.done') : t('demo.running')}
        </h2>
        <ProgressBar fraction={done / total} label={t('demo.label')} />
        <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300" aria-live="polite">
          {t('demo.count', { done, total })}
        </p>
        {finished && (
          <Link to="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
            {t('demo.toDashboard')}
          </Link>
        )}
      </div>
    </Card>
  );
}
