import type { SegmentDetailResponse, SegmentEffort } from '@vatio/schemas';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSource } from '../../../api/analytics';
import { Loadable } from '../../../components/Loadable';
import { useFormat } from '../../../hooks/useFormat';
import { speedUnit, toSpeedUnit } from '../../../lib/format';
import { COLOR_A, COLOR_B, CompareSectionsTable, CompareSummaryTable } from './CompareTables';
import { compareEfforts, formatSegmentTime } from './segmentFormat';
import { SegmentChart, TitledChart } from './TitledChart';
import { useSegmentCompare } from './useSegments';

const PULSE = 'h-48 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800';

/** Two efforts side by side: the whole segment, power and speed along it, each section, and the gap. */
export function SegmentCompare({
  detail,
  source,
}: {
  detail: SegmentDetailResponse;
  source: AnalyticsSource;
}) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  const efforts = detail.efforts;
  const [aId, setA] = useState(detail.best_effort_id);
  // The latest against the best; when the latest is the best, the one before it.
  const [bId, setB] = useState(
    (efforts.at(-1)!.id === detail.best_effort_id && efforts.length > 1 ? efforts.at(-2)! : efforts.at(-1)!)
      .id,
  );
  const a = efforts.find((e) => e.id === aId) ?? efforts[0]!;
  const b = efforts.find((e) => e.id === bId) ?? efforts.at(-1)!;
  const compare = useSegmentCompare(source, detail.segment.id, a.id, b.id);
  const withSplits = a.splits_s.length > 0 && b.splits_s.length > 0;
  const c = useMemo(() => compareEfforts(a, b, detail.segment.length_m), [a, b, detail.segment.length_m]);
  const series = useMemo(
    () => [
      {
        label: t('segments.gap'),
        values: c.gapS,
        stroke: '#7c3aed',
        format: (v: number) => `${f.number(v, 1)} s`,
      },
    ],
    [c, t, f],
  );
  const data = compare.data;
  const curves = useMemo(() => {
    if (!data) return undefined;
    // Speed in the rider's unit, so the axis ticks fall on round km/h or mph.
    const speedIn = (v: number | null) => (v === null ? null : toSpeedUnit(v, f.units));
    const pair = (
      key: 'power_w' | 'speed_mps',
      map: (v: number | null) => number | null,
      format: (v: number) => string,
    ) =>
      data.efforts
        .map((e, i) => ({
          label: t(i === 0 ? 'segments.effortA' : 'segments.effortB'),
          values: e.measured ? e[key].map(map) : [],
          stroke: i === 0 ? COLOR_A : COLOR_B,
          format,
        }))
        .filter((s) => s.values.length > 0);
    return {
      power: pair(
        'power_w',
        (v) => v,
        (v) => f.watts(v),
      ),
      // The unit is in the title: the axis has room for "30", not "30,0 km/h".
      speed: pair('speed_mps', speedIn, (v) => f.number(v, 0)),
    };
  }, [data, t, f]);
  const label = (e: SegmentEffort) =>
    `${f.date(e.start_time)} · ${formatSegmentTime(e.elapsed_s)}${e.source === 'strava' ? ` · ${t('segments.fromStrava')}` : ''}`;
  const picker = (value: string, onChange: (id: string) => void, testId: string, text: string) => (
    <label className="flex w-full min-w-0 flex-col gap-1 text-xs font-medium sm:w-auto sm:flex-1 text-slate-600 dark:text-slate-300">
      {text}
      <select
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      >
        {efforts.map((e) => (
          <option key={e.id} value={e.id}>
            {label(e)}
          </option>
        ))}
      </select>
    </label>
  );
  const distanceX = (v: number) => f.distance(v);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        {picker(aId, setA, 'compare-a', t('segments.effortA'))}
        {picker(bId, setB, 'compare-b', t('segments.effortB'))}
      </div>
      <CompareSummaryTable a={a} b={b} lengthM={detail.segment.length_m} />
      {data
        ? data.efforts.map((e, i) =>
            e.measured ? null : (
              <p
                key={e.id}
                className="text-sm text-slate-600 dark:text-slate-300"
                data-testid="compare-not-measured"
              >
                {t('segments.notMeasured', { effort: t(i === 0 ? 'segments.effortA' : 'segments.effortB') })}
              </p>
            ),
          )
        : null}
      <Loadable
        query={compare}
        loading={<div role="status" aria-label={t('segments.loading')} className={PULSE} />}
        error={{ message: t('segments.error'), look: 'line' }}
      >
        {(answer) => (
          <>
            {curves && curves.power.length > 0 ? (
              <TitledChart
                title={t('segments.powerTitle')}
                testId="compare-power-chart"
                xLabel={t('segments.distance')}
                x={answer.distance_m}
                xTime={false}
                xFormat={distanceX}
                series={curves.power}
                height={200}
              />
            ) : null}
            {curves && curves.speed.length > 0 ? (
              <TitledChart
                title={t('segments.speedTitle', { unit: speedUnit(f.units) })}
                testId="compare-speed-chart"
                xLabel={t('segments.distance')}
                x={answer.distance_m}
                xTime={false}
                xFormat={distanceX}
                series={curves.speed}
                height={200}
              />
            ) : null}
            <CompareSectionsTable sections={answer.sections} />
          </>
        )}
      </Loadable>
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t('segments.gapTitle')}
        </h4>
        {withSplits ? (
          <Suspense fallback={<div className={PULSE} />}>
            <SegmentChart
              testId="compare-gap-chart"
              xLabel={t('segments.distance')}
              x={c.marksM}
              xTime={false}
              xFormat={distanceX}
              series={series}
            />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('segments.noGap')}</p>
        )}
      </div>
    </div>
  );
}
