import { ChevronDown, Gauge, Heart, Wind, Zap } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NarrativeMetric } from '../../api/dashboard';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { Sparkline } from './Sparkline';

const LOOK = {
  power: { icon: Zap, color: '#2563eb' },
  aerodynamics: { icon: Wind, color: '#0891b2' },
  technique: { icon: Gauge, color: '#7c3aed' },
  efficiency: { icon: Heart, color: '#db2777' },
} as const;

/** A metric's number in its unit: W, m², %, or the bare efficiency factor. */
export function useMetricValue() {
  const f = useFormat();
  return (measure: string, value: number | null) => {
    if (value === null) return '—';
    if (measure === 'ftp_estimate_w') return f.watts(value);
    if (measure === 'cda_m2') return `${f.number(value, 3)} m²`;
    if (measure === 'efficiency_factor') return f.number(value, 2);
    return f.percent(value, 1);
  };
}

/** A change badge: neutral under 0.5 (spec 000 §4), green when the metric improves. */
function ChangeBadge({ metric }: { metric: NarrativeMetric }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const change = metric.change_pct;
  if (change === null) return null;
  const neutral = Math.abs(change) < 0.5;
  // A smaller CdA is better; every other card improves upwards.
  const good = metric.type === 'aerodynamics' ? change < 0 : change > 0;
  return (
    <span
      data-testid="change-badge"
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
        neutral
          ? 'bg-slate-100 text-slate-600 dark:bg-slate-700 dark:text-slate-300'
          : good
            ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
            : 'bg-rose-50 text-rose-700 dark:bg-rose-900/40 dark:text-rose-300',
      )}
    >
      {f.signedPercent(change, 1)}
      <span className="sr-only"> {t('narrative.vsEarlier')}</span>
    </span>
  );
}

/** An expandable metric card (click toggles): value, change, 8-week sparkline, what it means. */
export function NarrativeMetricCard({ metric }: { metric: NarrativeMetric }) {
  const { t } = useTranslation('dashboard');
  const valueText = useMetricValue();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { icon: Icon, color } = LOOK[metric.type];
  const trend = metric.trend ?? 'none';
  const base = `narrative.metrics.${metric.type}`;
  return (
    <article
      data-testid={`narrative-metric-${metric.type}`}
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-start gap-3 p-4 text-left sm:p-5"
      >
        <span
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg"
          style={{ background: `${color}1a`, color }}
        >
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900 dark:text-white">{t(`${base}.title`)}</span>
            <ChangeBadge metric={metric} />
          </span>
          <span
            className="mt-1 block text-2xl font-bold text-slate-900 tabular-nums dark:text-white"
            data-testid="metric-value"
          >
            {metric.available ? valueText(metric.measure, metric.value) : t('narrative.noData')}
          </span>
          <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
            {metric.available
              ? t(`narrative.trend.${trend}`, { measure: t(`narrative.measures.${metric.measure}`) })
              : t(`${base}.unavailable`)}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-2">
          <Sparkline
            values={metric.history.map((h) => h.value)}
            color={color}
            label={t('narrative.sparkline')}
            width={96}
          />
          <ChevronDown
            className={cn('h-5 w-5 text-slate-400 transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="space-y-3 border-t border-slate-100 px-4 py-4 text-sm sm:px-5 dark:border-slate-700"
      >
        <div>
          <h4 className="font-semibold text-slate-900 dark:text-white">{t('narrative.whatItMeans')}</h4>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t(`${base}.meaning`)}</p>
        </div>
        {metric.available && (
          <div>
            <h4 className="font-semibold text-slate-900 dark:text-white">{t('narrative.whatToDo')}</h4>
            <p className="mt-1 text-slate-600 dark:text-slate-300">{t(`${base}.action.${trend}`)}</p>
          </div>
        )}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t(`narrative.measureHelp.${metric.measure}`)}
        </p>
      </div>
    </article>
  );
}
