import { Activity, ArrowDownRight, ArrowRight, ArrowUpRight, Clock, Gauge, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comparison, DashboardData } from '../../api/dashboard';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';

/** An arrow for a change: up, down, or flat when the change is under 0.5 % (spec 000 §4 neutral badge). */
export function TrendArrow({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const pct = comparison.change_pct;
  if (pct === null) return null;
  const neutral = Math.abs(pct) < 0.5;
  const Icon = neutral ? ArrowRight : pct > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      data-testid="trend"
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-semibold',
        neutral ? 'text-slate-500' : pct > 0 ? 'text-emerald-600' : 'text-rose-600',
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {/* The API's `display` is English ('+1.5%'): the change is written in the rider's language. */}
      {f.signedPercent(pct, 1)}
      <span className="sr-only">{t('trends.vsPrevious')}</span>
    </span>
  );
}

/** One headline number on a card: label and icon, the value, and an optional line under it. */
export function StatCard({
  label,
  icon: Icon,
  value,
  detail,
  testId,
}: {
  label: string;
  icon: typeof Zap;
  value: string;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm leading-snug font-medium text-slate-600 dark:text-slate-300">{label}</p>
        <Icon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
      </div>
      <p
        data-testid={testId}
        className="mt-2 text-xl font-bold break-words text-slate-900 tabular-nums sm:text-2xl dark:text-white"
      >
        {value}
      </p>
      {detail && <div className="mt-1 text-xs text-slate-500 dark:text-slate-400">{detail}</div>}
    </Card>
  );
}

/** This Week, Avg Power (with its trend), Training Time, Training Stress (spec 000 §2). */
export function StatCards({ data }: { data: DashboardData }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const week = data.weekly_stats;
  const previous = data.previous_week_stats;
  return (
    <section aria-label={t('statsLabel')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label={t('stats.thisWeek')}
        icon={Activity}
        testId="stat-this-week"
        value={t('stats.rides', { count: week.activities })}
        detail={f.distance(week.total_distance)}
      />
      <StatCard
        label={t('stats.avgPower')}
        icon={Zap}
        testId="stat-avg-power"
        value={f.watts(week.average_power)}
        detail={
          <span className="inline-flex items-center gap-2">
            <TrendArrow comparison={data.performance_trends.power} />
            <span>{t('stats.last30')}</span>
          </span>
        }
      />
      <StatCard
        label={t('stats.trainingTime')}
        icon={Clock}
        testId="stat-training-time"
        value={f.hoursMinutes(week.total_time)}
        detail={t('stats.lastWeek', { value: f.hoursMinutes(previous.total_time) })}
      />
      <StatCard
        label={t('stats.trainingStress')}
        icon={Gauge}
        testId="stat-tss"
        value={f.number(week.total_tss)}
        detail={t('stats.lastWeek', { value: f.number(previous.total_tss) })}
      />
    </section>
  );
}
