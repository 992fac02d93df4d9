import { useTranslation } from 'react-i18next';
import type { ComparativeResponse } from '../../api/comparative';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { FormulaLink } from './FormulaLink';

type Bucket =
  | ComparativeResponse['patterns']['weekday'][number]
  | ComparativeResponse['patterns']['hour'][number];

/** One row per bucket: a bar as long as its ride count, with the mean IF and EF beside it. */
function BucketRows({
  rows,
  label,
}: {
  rows: { key: string; label: string; bucket: Bucket }[];
  label: string;
}) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const most = Math.max(1, ...rows.map((r) => r.bucket.rides));
  return (
    <table className="w-full text-sm tabular-nums" aria-label={label}>
      <thead>
        <tr className="text-left text-slate-500 dark:text-slate-400">
          <th className="py-1.5 pr-2 font-medium">{label}</th>
          <th className="w-full py-1.5 pr-2 font-medium">{t('patterns.rides')}</th>
          <th className="py-1.5 pr-2 font-medium">
            <FormulaLink id="temporalPatterns">{t('metricsShort.if')}</FormulaLink>
          </th>
          <th className="py-1.5 font-medium">
            <FormulaLink id="temporalPatterns">{t('metricsShort.ef')}</FormulaLink>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, label: rowLabel, bucket }) => (
          <tr key={key} className="border-t border-slate-100 dark:border-slate-700">
            <td className="py-1 pr-2 whitespace-nowrap text-slate-700 dark:text-slate-200">{rowLabel}</td>
            <td className="py-1 pr-2">
              <div className="flex items-center gap-2">
                <div
                  className="h-2.5 rounded-full bg-brand-500 print:bg-slate-500"
                  style={{
                    width: `${(bucket.rides / most) * 100}%`,
                    minWidth: bucket.rides > 0 ? '0.25rem' : 0,
                  }}
                />
                <span className="text-xs text-slate-500">{bucket.rides}</span>
              </div>
            </td>
            <td className="py-1 pr-2">{bucket.mean_if === null ? '—' : f.number(bucket.mean_if, 2)}</td>
            <td className="py-1">{bucket.mean_ef === null ? '—' : f.number(bucket.mean_ef, 2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ByTypePanel({ data }: { data: ComparativeResponse }) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  return (
    <Card className="space-y-3 p-4 sm:p-6" data-testid="by-type">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
        <FormulaLink id="byRideType">{t('byType.title')}</FormulaLink>
      </h3>
      {data.by_type.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t('compare.noRides')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[30rem] text-sm tabular-nums">
            <thead>
              <tr className="text-left text-slate-500 dark:text-slate-400">
                <th className="py-1.5 pr-3 font-medium">{t('byType.type')}</th>
                <th className="py-1.5 pr-3 font-medium">{t('summary.rides')}</th>
                <th className="py-1.5 pr-3 font-medium">{t('summary.distance')}</th>
                <th className="py-1.5 pr-3 font-medium">{t('byType.time')}</th>
                <th className="py-1.5 pr-3 font-medium">{t('summary.tss')}</th>
                <th className="py-1.5 pr-3 font-medium">{t('summary.power')}</th>
                <th className="py-1.5 font-medium">{t('metricsShort.if')}</th>
              </tr>
            </thead>
            <tbody>
              {data.by_type.map((row) => (
                <tr key={row.type} className="border-t border-slate-100 dark:border-slate-700">
                  <td className="py-1.5 pr-3 font-medium text-slate-900 dark:text-white">
                    {t(`types.${row.type}`, { defaultValue: row.type })}
                  </td>
                  <td className="py-1.5 pr-3">{row.rides}</td>
                  <td className="py-1.5 pr-3">{f.distance(row.distance_m)}</td>
                  <td className="py-1.5 pr-3">{f.hoursMinutes(row.moving_time_s)}</td>
                  <td className="py-1.5 pr-3">{f.number(row.tss, 0)}</td>
                  <td className="py-1.5 pr-3">{f.watts(row.mean_power_w)}</td>
                  <td className="py-1.5">{row.mean_if === null ? '—' : f.number(row.mean_if, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function PatternsPanel({ data }: { data: ComparativeResponse }) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const weekday = new Intl.DateTimeFormat(f.language, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday: ISO weekday d is 2024-01-0d.
  const weekdayName = (d: number) => weekday.format(new Date(Date.UTC(2024, 0, d)));
  const hours = data.patterns.hour.filter((h) => h.rides > 0);
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid="patterns">
      <div>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
          <FormulaLink id="temporalPatterns">{t('patterns.title')}</FormulaLink>
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('patterns.text')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <BucketRows
          label={t('patterns.weekday')}
          rows={data.patterns.weekday.map((b) => ({
            key: String(b.weekday),
            label: weekdayName(b.weekday),
            bucket: b,
          }))}
        />
        {hours.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t('compare.noRides')}</p>
        ) : (
          <BucketRows
            label={t('patterns.hour')}
            rows={hours.map((b) => ({
              key: String(b.hour),
              label: `${String(b.hour).padStart(2, '0')}:00`,
              bucket: b,
            }))}
          />
        )}
      </div>
    </Card>
  );
}
