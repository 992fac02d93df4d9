import { useTranslation } from 'react-i18next';
import type { DashboardData, PeriodStats, TrainingZone } from '../../api/dashboard';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';

type Measure = 'total_distance' | 'total_time' | 'total_tss';
const MEASURES: readonly Measure[] = ['total_distance', 'total_time', 'total_tss'];

/** One bar: the current period against the previous one; the longer of the two fills the track. */
function ProgressRow({
  label,
  current,
  previous,
  text,
}: {
  label: string;
  current: number;
  previous: number;
  text: (v: number) => string;
}) {
  const { t } = useTranslation('dashboard');
  const max = Math.max(current, previous, 1e-9);
  const pct = Math.round((current / max) * 100);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-200">{label}</span>
        <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{text(current)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="relative mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
        {previous > 0 && (
          <div
            aria-hidden
            className="absolute top-0 h-full w-0.5 bg-slate-500"
            style={{ left: `calc(${Math.round((previous / max) * 100)}% - 2px)` }}
          />
        )}
      </div>
      <p className="mt-1 text-right text-xs text-slate-500 tabular-nums dark:text-slate-400">
        {t('overview.previous', { value: text(previous) })}
      </p>
    </div>
  );
}

function PeriodProgress({
  title,
  current,
  previous,
  testId,
}: {
  title: string;
  current: PeriodStats;
  previous: PeriodStats;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const text: Record<Measure, (v: number) => string> = {
    total_distance: f.distance,
    total_time: f.hoursMinutes,
    total_tss: (v) => f.number(v),
  };
  return (
    <Card className="min-w-0 space-y-4 p-5" data-testid={testId}>
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {f.date(current.start_date)} – {f.date(current.end_date)} ·{' '}
          {t('stats.rides', { count: current.activities })}
        </p>
      </div>
      {MEASURES.map((m) => (
        <ProgressRow
          key={m}
          label={t(`overview.${m}`)}
          current={current[m]}
          previous={previous[m]}
          text={text[m]}
        />
      ))}
    </Card>
  );
}

export function ZoneList({
  zones,
  ftp,
  ftpSource,
  ftpFrom,
}: {
  zones: TrainingZone[];
  ftp: number;
  ftpSource: string;
  /** The date the rider's FTP entry holds from, for a source that is the rider's. */
  ftpFrom: string | null;
}) {
  const { t } = useTranslation(['dashboard', 'activity']);
  const f = useFormat();
  return (
    <Card className="min-w-0 p-5" data-testid="training-zones">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('zones.title')}</h3>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400" data-testid="zones-ftp">
        {ftpSource === 'default'
          ? t('zones.defaultFtp', { ftp: f.watts(ftp) })
          : t(`zones.ftp.${ftpSource}`, { ftp: f.watts(ftp), date: f.date(ftpFrom) })}
      </p>
      <ul className="mt-4 space-y-2">
        {zones.map((z) => (
          <li key={z.zone} className="flex items-center gap-3 text-sm">
            <span className="h-3 w-3 shrink-0 rounded-full" style={{ background: z.color }} aria-hidden />
            <span className="w-8 shrink-0 font-semibold text-slate-500">Z{z.zone}</span>
            <span className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-100">
              {t(`activity:zones.power.${z.name_key}`)}
            </span>
            <span className="shrink-0 text-slate-600 tabular-nums dark:text-slate-300">
              {z.maxPower === null
                ? `> ${f.watts(z.minPower)}`
                : `${f.number(z.minPower)}–${f.watts(z.maxPower)}`}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Overview: this week and month against the previous ones, and the training zones (spec 000 §2). */
export function OverviewTab({ data }: { data: DashboardData }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <PeriodProgress
        testId="progress-week"
        title={t('overview.week')}
        current={data.weekly_stats}
        previous={data.previous_week_stats}
      />
      <PeriodProgress
        testId="progress-month"
        title={t('overview.month')}
        current={data.monthly_stats}
        previous={data.previous_month_stats}
      />
      <ZoneList
        zones={data.training_zones.zones}
        ftp={data.training_zones.ftp}
        ftpSource={data.training_zones.ftp_source}
        ftpFrom={data.training_zones.ftp_from}
      />
    </div>
  );
}
