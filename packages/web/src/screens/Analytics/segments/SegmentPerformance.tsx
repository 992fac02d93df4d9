import type { SegmentDetailResponse } from '@vatio/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../hooks/useFormat';
import { Badge, Figure } from '../TrainingLoadParts';
import { effortAxisFormat, formatSegmentTime } from './segmentFormat';
import { TitledChart } from './TitledChart';

/** How many of the latest efforts the chart shows. */
const RECENT = 20;

/** The best time, attempts, mean power and consistency, and the latest efforts' time and power. */
export function SegmentPerformance({ detail }: { detail: SegmentDetailResponse }) {
  const { t, i18n } = useTranslation('analytics');
  const f = useFormat();
  const s = detail.segment;
  const best = detail.efforts.find((e) => e.id === detail.best_effort_id)!;
  const recent = detail.efforts.slice(-RECENT);
  const series = useMemo(
    () => [
      {
        label: t('segments.chartTime'),
        values: recent.map((e) => e.elapsed_s),
        stroke: '#2563eb',
        format: formatSegmentTime,
      },
      {
        label: t('segments.chartPower'),
        values: recent.map((e) => e.average_power_w),
        stroke: '#f97316',
        right: true,
        format: (v: number) => f.watts(v),
      },
    ],
    [recent, t, f],
  );
  const day = effortAxisFormat(
    recent.map((e) => Date.parse(e.start_time) / 1000),
    i18n.language,
  );
  const conditions = [
    best.temperature_c !== null
      ? t('segments.temperature', { value: f.number(best.temperature_c, 0) })
      : null,
    best.average_heart_rate_bpm !== null ? `${f.bpm(best.average_heart_rate_bpm)}` : null,
  ].filter(Boolean);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          testId="segment-pb"
          label={t('segments.pb')}
          value={formatSegmentTime(best.elapsed_s)}
          formula="segmentBest"
          hint={
            <>
              {f.date(best.start_time)} · {f.watts(best.average_power_w)}
              {best.watts_per_kg !== null ? ` · ${f.number(best.watts_per_kg, 1)} W/kg` : ''}
              {best.watts_per_kg !== null && best.weight
                ? ` ${t(`segments.weightShort.${best.weight.source}`, { kg: f.weight(best.weight.kg), date: f.date(best.weight.from) })}`
                : ''}
              {conditions.length > 0 ? ` · ${conditions.join(' · ')}` : ''}
            </>
          }
        />
        <Figure
          testId="segment-attempts"
          label={t('segments.attempts')}
          value={f.number(s.attempts, 0)}
          formula="segmentBest"
          hint={t(`segments.trend.${s.trend}`)}
        />
        <Figure
          testId="segment-mean-power"
          label={t('segments.meanPower')}
          value={f.watts(s.average_power_w)}
          formula="segmentBest"
          hint={t('segments.segmentInfo', {
            length: f.distance(s.length_m),
            grade: f.number(s.average_grade_pct, 1),
          })}
        />
        <Figure
          testId="segment-consistency"
          label={t('segments.consistency')}
          value={s.consistency_pct === null ? '—' : f.percent(s.consistency_pct, 0)}
          formula="segmentBest"
          badge={
            <Badge tone={s.latest_is_pb ? 'green' : 'slate'}>
              <span data-testid="segment-pb-flag">
                {s.latest_is_pb ? t('segments.pbYes') : t('segments.pbNo')}
              </span>
            </Badge>
          }
        />
      </div>
      <TitledChart
        title={t('segments.recent')}
        fallbackClassName="h-56"
        testId="segment-efforts-chart"
        xLabel={t('segments.date')}
        x={recent.map((e) => Date.parse(e.start_time) / 1000)}
        xTime
        xFormat={(v) => day.format(new Date(v * 1000))}
        series={series}
      />
    </div>
  );
}
