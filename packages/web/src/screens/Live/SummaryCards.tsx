import { useQuery } from '@tanstack/react-query';
import { Bike, CalendarCheck, Flame, Target, Trophy, Zap } from 'lucide-react';
import { lazy, memo, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPowerCurve } from '../../api/dashboard';
import { getOwnTrainingLoad, type OverviewData } from '../../api/overview';
import { queryKeys } from '../../api/query-keys';
import { Card } from '../../components/ui/Card';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useFormat } from '../../hooks/useFormat';
import { formatDurationLabel } from '../../lib/format';

// The dashboard's own charts, loaded with their data.
const PowerCurveChart = lazy(() =>
  import('../../components/charts/PowerCurveChart').then((m) => ({ default: m.PowerCurveChart })),
);
const TrainingLoadChart = lazy(() =>
  import('../../components/charts/TrainingLoadChart').then((m) => ({ default: m.TrainingLoadChart })),
);

function Panel({
  title,
  icon,
  children,
  className = '',
  testId,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
  testId: string;
}) {
  return (
    <Card className={`min-w-0 p-4 sm:p-5 ${className}`} data-testid={testId}>
      <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <span className="text-brand-600">{icon}</span>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

const chartFallback = <div className="h-[220px] animate-pulse rounded-lg bg-slate-100 dark:bg-slate-700" />;

function CurveCard() {
  const { t, i18n } = useTranslation('live');
  const curve = useQuery({
    queryKey: queryKeys.dashboard.powerCurve('90d', i18n.language),
    queryFn: () => getPowerCurve('90d', i18n.language),
  });
  const points = (curve.data?.points ?? []).map((p) => ({ duration_s: p.duration, power_w: p.power }));
  return (
    <Panel
      title={t('curve.title')}
      icon={<Zap className="h-5 w-5" />}
      className="lg:col-span-2"
      testId="live-curve"
    >
      {curve.isPending ? (
        chartFallback
      ) : points.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{t('curve.empty')}</p>
      ) : (
        <Suspense fallback={chartFallback}>
          <PowerCurveChart
            curves={[{ label: t('cards.power'), color: '#2563eb', points }]}
            height={220}
            locale={i18n.language}
            durationLabel={t('curve.duration')}
          />
        </Suspense>
      )}
    </Panel>
  );
}

function LoadCard() {
  const { t, i18n } = useTranslation('live');
  const f = useFormat();
  const load = useQuery({
    queryKey: queryKeys.analytics.trainingLoad('own', 90),
    queryFn: getOwnTrainingLoad,
  });
  const days = load.data?.days ?? [];
  const current = load.data?.current;
  return (
    <Panel title={t('load.title')} icon={<Flame className="h-5 w-5" />} testId="live-load">
      {load.isPending ? (
        chartFallback
      ) : !current ? (
        <p className="py-10 text-center text-sm text-slate-500">{t('load.empty')}</p>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {(['ctl', 'atl', 'tsb'] as const).map((k) => (
              <div key={k} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-900/40">
                <dt className="text-[11px] text-slate-500">{t(`load.${k}`)}</dt>
                <dd
                  className="text-lg font-bold text-slate-900 tabular-nums dark:text-white"
                  data-testid={`live-load-${k}`}
                >
                  {f.number(current[k], 0)}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-3">
            <Suspense fallback={chartFallback}>
              <TrainingLoadChart
                series={{
                  dates: days.map((d) => d.date),
                  ctl: days.map((d) => d.ctl),
                  atl: days.map((d) => d.atl),
                  tsb: days.map((d) => d.tsb),
                }}
                labels={{ ctl: t('load.ctl'), atl: t('load.atl'), tsb: t('load.tsb'), date: t('load.date') }}
                locale={i18n.language}
                height={160}
              />
            </Suspense>
          </div>
        </>
      )}
    </Panel>
  );
}

/**
 * Today's TSS/IF/EF, the week against its plan, the latest record and the quick actions. Memoised:
 * the screen above re-renders on every tick of a live ride or replay (20 a second at 20×), and none
 * of this depends on the ride; without it the curve and load charts were rebuilt on each tick.
 */
export const SummaryCards = memo(function SummaryCards({ overview }: { overview: OverviewData }) {
  const { t } = useTranslation('live');
  const f = useFormat();
  const today = overview.today_performance;
  const week = overview.week;
  const target = week.target;
  const record = overview.record;
  const latest = overview.latest_ride;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <CurveCard />
      <LoadCard />
      <Panel title={t('today.title')} icon={<CalendarCheck className="h-5 w-5" />} testId="live-today">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(
            [
              ['tss', f.number(today.tss, 0)],
              ['if', f.number(today.intensity_factor, 2)],
              ['ef', f.number(today.efficiency_factor, 2)],
            ] as const
          ).map(([k, v]) => (
            <div key={k} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-900/40">
              <dt className="text-xs text-slate-500">{t(`today.${k}`)}</dt>
              <dd
                className="text-xl font-bold text-slate-900 tabular-nums dark:text-white"
                data-testid={`live-today-${k}`}
              >
                {v}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          {today.rides > 0 ? t('today.rides', { count: today.rides }) : t('today.none')}
        </p>
      </Panel>
      <Panel title={t('week.title')} icon={<Target className="h-5 w-5" />} testId="live-week">
        {target ? (
          <div className="space-y-3">
            <div>
              <p
                className="text-sm font-medium text-slate-800 tabular-nums dark:text-slate-100"
                data-testid="live-week-tss"
              >
                {t('week.tss', { done: f.number(week.tss, 0), target: f.number(target.tss, 0) })}
              </p>
              <div className="mt-1">
                <ProgressBar
                  fraction={target.tss > 0 ? week.tss / target.tss : 0}
                  label={t('week.progress')}
                />
              </div>
            </div>
            <div>
              <p className="text-sm font-medium text-slate-800 tabular-nums dark:text-slate-100">
                {t('week.rides', { done: week.rides, target: target.rides })}
              </p>
              <div className="mt-1">
                <ProgressBar
                  fraction={target.rides > 0 ? week.rides / target.rides : 0}
                  label={t('week.rides', { done: week.rides, target: target.rides })}
                />
              </div>
            </div>
            <p className="text-xs text-slate-500">
              {t('week.source', {
                ctl: f.number(target.ctl, 0),
                atl: f.number(target.atl, 0),
                form: t(`form.${target.form}`),
                low: f.number(target.tss_range[0], 0),
                high: f.number(target.tss_range[1], 0),
              })}
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="live-week-tss">
            {t('week.noTarget', { done: f.number(week.tss, 0) })}
          </p>
        )}
      </Panel>
      <Panel title={t('record.title')} icon={<Trophy className="h-5 w-5" />} testId="live-record">
        {record ? (
          <div className="space-y-1">
            <p className="text-lg font-bold text-slate-900 dark:text-white">
              {t('record.text', {
                duration: formatDurationLabel(record.duration_s),
                power: f.watts(record.power_w),
              })}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {record.previous_best_w === null
                ? t('record.first')
                : t('record.previous', { power: f.watts(record.previous_best_w) })}
            </p>
            <Link to={`/activities/${record.activity_id}`} className="text-sm text-brand-600 hover:underline">
              {t('record.on', { name: record.name, date: f.date(record.date) })}
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-500">{t('record.none')}</p>
        )}
      </Panel>
      <Panel title={t('actions.title')} icon={<Bike className="h-5 w-5" />} testId="live-actions">
        <div className="flex flex-col gap-2">
          {latest && (
            <Link
              to={`/activities/${latest.id}`}
              className="rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
              data-testid="live-action-latest"
            >
              {t('actions.latest')}
            </Link>
          )}
          <Link
            to="/fitting"
            className="rounded-lg border border-slate-300 px-4 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-700"
            data-testid="live-action-fit"
          >
            {t('actions.fit')}
          </Link>
        </div>
      </Panel>
    </div>
  );
});
