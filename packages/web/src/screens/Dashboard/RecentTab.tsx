import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '../../api/activity-types';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';

/** Up to five rides: name, date, distance, duration, average power, TSS (spec 000 §2). */
export function RecentTab({ activities }: { activities: Activity[] }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  if (activities.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-slate-600 dark:text-slate-300">{t('recent.empty')}</p>
        <Link
          to="/activities"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <Upload className="h-4 w-4" aria-hidden />
          {t('sync')}
        </Link>
      </Card>
    );
  }
  return (
    <Card className="p-0">
      <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="recent-activities">
        {activities.map((a) => (
          <li key={a.id}>
            <Link
              to={`/activities/${a.id}`}
              className="block px-4 py-3 hover:bg-slate-50 sm:px-5 dark:hover:bg-slate-700/50"
            >
              <div className="flex items-baseline justify-between gap-3">
                <p className="min-w-0 truncate font-semibold text-slate-900 dark:text-white">{a.name}</p>
                <p className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{f.date(a.start_date)}</p>
              </div>
              <dl className="mt-1 grid grid-cols-4 gap-2 text-xs text-slate-600 tabular-nums dark:text-slate-300">
                <div>
                  <dt className="sr-only">{t('recent.distance')}</dt>
                  <dd>{f.distance(a.distance)}</dd>
                </div>
                <div>
                  <dt className="sr-only">{t('recent.duration')}</dt>
                  <dd>{f.hoursMinutes(a.moving_time)}</dd>
                </div>
                <div>
                  <dt className="sr-only">{t('recent.power')}</dt>
                  <dd>{f.watts(a.average_power)}</dd>
                </div>
                <div>
                  <dt className="sr-only">{t('recent.tss')}</dt>
                  <dd>{t('recent.tssValue', { value: f.number(a.training_stress_score) })}</dd>
                </div>
              </dl>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
