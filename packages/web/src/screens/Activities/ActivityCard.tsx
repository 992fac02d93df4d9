import { BarChart3, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '../../api/activity-types';
import { Button } from '../../components/ui/Button';
import { NoPowerBadge, TypeBadge } from '../../components/activities/ActivityBadges';
import { useFormat } from '../../hooks/useFormat';

function Metric({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-sm font-semibold break-words text-slate-900 tabular-nums dark:text-white">
        {value}
      </dd>
    </div>
  );
}

/** One ride in the list (spec 001 §2.7): its numbers, Analyze and Details. */
export function ActivityCard({ activity, onDetails }: { activity: Activity; onDetails: () => void }) {
  const { t } = useTranslation('activities');
  const f = useFormat();
  // Load measured against an estimated FTP (eFTP from the rider's power curve) is marked as such.
  const estimated = activity.ftp_source === 'estimated' && activity.training_stress_score !== null;
  const withEstimate = (text: string) =>
    estimated ? (
      <span title={t('card.estimatedHint', { ftp: f.watts(activity.ftp_w) })} data-testid="tss-estimated">
        {text}{' '}
        <span className="text-xs font-medium text-amber-700 dark:text-amber-300">{t('card.estimated')}</span>
      </span>
    ) : (
      text
    );
  const noPower = activity.average_power === null && activity.normalized_power === null;
  return (
    <article
      data-testid="activity-card"
      data-activity-id={activity.id}
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white" title={activity.name}>
            <Link to={`/activities/${activity.id}`} className="hover:underline">
              {activity.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {f.dateTime(activity.start_date)}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <TypeBadge type={activity.type} />
          {noPower && <NoPowerBadge />}
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-x-3 gap-y-3">
        <Metric label={t('fields.distance')} value={f.distance(activity.distance)} />
        <Metric label={t('fields.duration')} value={f.clock(activity.moving_time)} />
        <Metric label={t('fields.elevation')} value={f.elevation(activity.total_elevation_gain)} />
        <Metric label={t('fields.averagePower')} value={f.watts(activity.average_power)} />
        <Metric label={t('fields.normalizedPower')} value={f.watts(activity.normalized_power)} />
        <Metric label={t('fields.averageHeartrate')} value={f.bpm(activity.average_heartrate)} />
        <Metric label={t('fields.tss')} value={withEstimate(f.number(activity.training_stress_score))} />
        <Metric label={t('fields.if')} value={withEstimate(f.number(activity.intensity_factor, 2))} />
      </dl>

      <div className="mt-5 flex gap-2 pt-1">
        <Link
          to={`/activities/${activity.id}`}
          className="inline-flex min-h-10 flex-1 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <BarChart3 className="h-4 w-4" aria-hidden />
          {t('card.analyze')}
        </Link>
        <Button variant="secondary" className="flex-1" onClick={onDetails}>
          <Info className="h-4 w-4" aria-hidden />
          {t('card.details')}
        </Button>
      </div>
    </article>
  );
}
