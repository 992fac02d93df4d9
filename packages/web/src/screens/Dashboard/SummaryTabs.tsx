import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComparedMetric, ComparisonMode, SummaryData } from '../../api/dashboard';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { LazyTrainingLoadChart } from './DashboardCharts';
import { TrendArrow } from './StatCards';

function ShareBar({
  label,
  sublabel,
  detail,
  pct,
  color,
}: {
  label: string;
  sublabel?: string;
  detail: string;
  pct: number;
  color: string;
}) {
  return (
    <li className="text-sm">
      <div className="flex items-baseline justify-between gap-2">
        <span className="min-w-0 font-medium text-slate-800 dark:text-slate-100">
          {label}
          {sublabel && (
            <span className="ml-2 text-xs font-normal whitespace-nowrap text-slate-500 dark:text-slate-400">
              {sublabel}
            </span>
          )}
        </span>
        <span className="shrink-0 text-slate-500 tabular-nums dark:text-slate-400">{detail}</span>
      </div>
      <div className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-700">
        <div className="h-full rounded-full" style={{ width: `${Math.min(100, pct)}%`, background: color }} />
      </div>
    </li>
  );
}

/** Time in each of the seven power zones over the period, summed from the rides' stored zone times. */
export function PowerZonesTab({ data }: { data: SummaryData }) {
  const { t } = useTranslation(['dashboard', 'activity']);
  const f = useFormat();
  const total = data.power_zones.reduce((s, z) => s + z.time_s, 0);
  return (
    <Card className="p-5" data-testid="summary-power-zones">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('summary.zonesTitle')}</h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('summary.zonesHint', { ftp: f.watts(data.cards.ftp.value) })}
      </p>
      {total === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t('summary.noZones')}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {data.power_zones.map((z) => {
            const pct = (z.time_s / total) * 100;
            const range =
              z.maxPower === null
                ? `> ${f.watts(z.minPower)}`
                : `${f.number(z.minPower)}–${f.watts(z.maxPower)}`;
            return (
              <ShareBar
                key={z.zone}
                label={`Z${z.zone} ${t(`activity:zones.power.${z.name_key}`)}`}
                sublabel={range}
                detail={`${f.hoursMinutes(z.time_s)} · ${f.percent(pct, 0)}`}
                pct={pct}
                color={z.color}
              />
            );
          })}
        </ul>
      )}
    </Card>
  );
}

const HR_COLORS = ['#94a3b8', '#3b82f6', '#22c55e', '#f97316', '#ef4444'];

export function HeartRateTab({ data }: { data: SummaryData }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  return (
    <Card className="p-5" data-testid="summary-hr-zones">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('summary.hrTitle')}</h3>
      {data.heart_rate_zones.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t('summary.noHeart')}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {data.heart_rate_zones.map((z) => (
            <ShareBar
              key={z.zone}
              label={`Z${z.zone}`}
              detail={`${f.hoursMinutes(z.time_s)} · ${f.percent(z.pct, 0)}`}
              pct={z.pct}
              color={HR_COLORS[z.zone - 1] ?? '#64748b'}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

const COMPARED: readonly ComparedMetric[] = ['activities', 'distance', 'time', 'tss', 'average_power'];

/** This week, month or year against the one before (rolling windows of 7, 30 and 365 days). */
export function ComparisonTab({ data }: { data: SummaryData }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const [mode, setMode] = useState<ComparisonMode>('week');
  const c = data.comparison[mode];
  const text: Record<ComparedMetric, (v: number | null) => string> = {
    activities: (v) => f.number(v),
    distance: f.distance,
    time: f.hoursMinutes,
    tss: (v) => f.number(v),
    average_power: f.watts,
  };
  return (
    <Card className="p-5" data-testid="summary-comparison">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('summary.comparisonTitle')}</h3>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t('summary.comparisonMode')}</legend>
          {(['week', 'month', 'year'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-semibold',
                mode === m
                  ? 'bg-brand-600 text-white'
                  : 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
              )}
            >
              {t(`summary.modes.${m}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[22rem] text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
              <th className="py-2 font-medium">{t('summary.metric')}</th>
              <th className="py-2 text-right font-medium">{t('summary.current')}</th>
              <th className="py-2 text-right font-medium">{t('summary.previous')}</th>
              <th className="py-2 text-right font-medium">{t('summary.change')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {COMPARED.map((m) => (
              <tr key={m}>
                <td className="py-2 text-slate-800 dark:text-slate-100">{t(`summary.metrics.${m}`)}</td>
                <td className="py-2 text-right font-semibold tabular-nums text-slate-900 dark:text-white">
                  {text[m](c.metrics[m].current)}
                </td>
                <td className="py-2 text-right tabular-nums text-slate-600 dark:text-slate-300">
                  {text[m](c.metrics[m].previous)}
                </td>
                <td className="py-2 text-right">
                  {c.metrics[m].change_pct === null ? (
                    <span className="text-xs text-slate-400">—</span>
                  ) : (
                    <TrendArrow comparison={c.metrics[m]} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** FTP history (settings and ride estimates) and the training load of the period. */
export function ProgressTab({ data }: { data: SummaryData }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const series = useMemo(
    () => ({
      dates: data.training_load.map((p) => p.date),
      ctl: data.training_load.map((p) => p.ctl),
      atl: data.training_load.map((p) => p.atl),
      tsb: data.training_load.map((p) => p.tsb),
    }),
    [data.training_load],
  );
  const labels = useMemo(
    () => ({ ctl: t('summary.ctl'), atl: t('summary.atl'), tsb: t('summary.tsb'), date: t('summary.date') }),
    [t],
  );
  const bestEstimate = data.ftp_estimates.reduce<number | null>(
    (m, e) => (m === null || e.ftp > m ? e.ftp : m),
    null,
  );
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="p-5" data-testid="summary-ftp-history">
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('summary.ftpHistory')}</h3>
        {data.ftp_history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t('summary.noFtpHistory')}</p>
        ) : (
          <ul className="mt-3 space-y-1 text-sm">
            {data.ftp_history.slice(-6).map((h) => (
              <li key={h.date} className="flex justify-between gap-2">
                <span className="text-slate-600 dark:text-slate-300">{f.date(h.date)}</span>
                <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
                  {f.watts(h.ftp)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
          {bestEstimate === null
            ? t('summary.noEstimate')
            : t('summary.bestEstimate', { value: f.watts(bestEstimate) })}
        </p>
      </Card>
      <Card className="min-w-0 p-5 lg:col-span-2" data-testid="summary-load">
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('summary.loadTitle')}</h3>
        {data.form && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('summary.formNow', {
              ctl: f.number(data.form.ctl),
              atl: f.number(data.form.atl),
              tsb: f.number(data.form.tsb),
              state: t(`summary.formStates.${data.form.state}`),
            })}
          </p>
        )}
        <div className="mt-3">
          {series.dates.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-500">{t('summary.noLoad')}</p>
          ) : (
            <LazyTrainingLoadChart series={series} labels={labels} locale={f.language} height={240} />
          )}
        </div>
      </Card>
    </div>
  );
}
