import type { ActivityStreams } from '@vatio/analysis';
import { RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityStreamsJson } from '../../api/activity-types';
import { type StreamSeries, StreamChart, type TimeRange } from '../../components/charts/StreamChart';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { elevationUnit, speedUnit, toElevationUnit, toSpeedUnit } from '../../lib/format';
import { useFormat } from '../../hooks/useFormat';
import { Section, Stat } from './parts';
import { type RideTotals, selectionStats, wholeRideStats } from './rideStreams';

type Key = 'watts' | 'heartrate' | 'cadence' | 'velocity' | 'altitude';

const COLORS: Record<Key, string> = {
  watts: '#ea580c',
  heartrate: '#dc2626',
  cadence: '#0891b2',
  velocity: '#2563eb',
  altitude: '#64748b',
};

function hasValues(values: (number | null)[] | null | undefined): values is (number | null)[] {
  return Array.isArray(values) && values.some((v) => typeof v === 'number');
}

/**
 * The full-resolution stream chart with toggles, drag-to-zoom and the readout of the visible range:
 * duration, average power, NP (computed here with the analysis library on the sliced streams), HR
 * and cadence.
 */
export function StreamsSection({
  json,
  streams,
  ride,
  range,
  onRangeChange,
}: {
  json: ActivityStreamsJson;
  streams: ActivityStreams;
  /** The header's elapsed time and average speed, which the whole-ride readout repeats. */
  ride: RideTotals;
  range: TimeRange | null;
  onRangeChange: (range: TimeRange | null) => void;
}) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  // With power or heart rate to look at, cadence and speed start hidden (one click away).
  const [hidden, setHidden] = useState<Set<Key>>(() =>
    hasValues(json.watts) || hasValues(json.heartrate) ? new Set(['cadence', 'velocity']) : new Set(),
  );

  const columns = useMemo(() => {
    const speed = hasValues(json.velocity)
      ? json.velocity.map((v) => (v == null ? null : toSpeedUnit(v, f.units)))
      : null;
    const altitude = hasValues(json.altitude)
      ? json.altitude.map((v) => (v == null ? null : toElevationUnit(v, f.units)))
      : null;
    const out: { key: Key; values: (number | null)[] }[] = [];
    if (hasValues(json.watts)) out.push({ key: 'watts', values: json.watts });
    if (hasValues(json.heartrate)) out.push({ key: 'heartrate', values: json.heartrate });
    if (hasValues(json.cadence)) out.push({ key: 'cadence', values: json.cadence });
    if (speed) out.push({ key: 'velocity', values: speed });
    if (altitude) out.push({ key: 'altitude', values: altitude });
    return out;
  }, [json, f.units]);

  const units: Record<Key, string> = {
    watts: 'W',
    heartrate: f.bpmUnit,
    cadence: 'rpm',
    velocity: speedUnit(f.units),
    altitude: elevationUnit(f.units),
  };

  const series: StreamSeries[] = columns.map(({ key, values }) => ({
    key,
    label: t(`streams.${key}`),
    unit: units[key],
    color: COLORS[key],
    values,
    area: key === 'altitude',
    axis: undefined,
    digits: key === 'velocity' ? 1 : 0,
    show: !hidden.has(key),
  }));
  // The first of power, heart rate, speed, cadence takes the left axis, the next the right one.
  const sides: (1 | 3)[] = [3, 1];
  for (const key of ['watts', 'heartrate', 'velocity', 'cadence'] as const) {
    const s = series.find((x) => x.key === key);
    if (s && sides.length > 0) s.axis = sides.shift();
  }
  const has = (key: Key) => columns.some((c) => c.key === key);

  const fullRange = { min: json.time[0] ?? 0, max: json.time[json.time.length - 1] ?? 0 };
  const current = range ?? fullRange;
  const { elapsedTimeS, averageSpeedMps } = ride;
  const stats = useMemo(() => {
    // A selection is [start, end); the whole ride includes its last second.
    const measured = selectionStats(streams, {
      startS: current.min,
      endS: range ? current.max : current.max + 1,
    });
    return range ? measured : wholeRideStats(measured, { elapsedTimeS, averageSpeedMps });
  }, [streams, current.min, current.max, range, elapsedTimeS, averageSpeedMps]);

  if (columns.length === 0) {
    return null;
  }

  return (
    <Section
      title={t('streams.title')}
      subtitle={t('streams.hint')}
      actions={
        range && (
          <Button variant="secondary" onClick={() => onRangeChange(null)} data-testid="reset-zoom">
            <RotateCcw className="h-4 w-4" aria-hidden />
            {t('streams.reset')}
          </Button>
        )
      }
    >
      <fieldset className="mb-3 flex flex-wrap gap-2">
        <legend className="sr-only">{t('streams.toggle')}</legend>
        {columns.map(({ key }) => {
          const on = !hidden.has(key);
          return (
            <button
              key={key}
              type="button"
              aria-pressed={on}
              data-testid={`toggle-${key}`}
              onClick={() =>
                setHidden((previous) => {
                  const next = new Set(previous);
                  if (next.has(key)) next.delete(key);
                  else next.add(key);
                  return next;
                })
              }
              className={cn(
                'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-semibold transition-colors',
                on
                  ? 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-700 dark:text-white'
                  : // Off: dashed outline 3:1 and label 4.5:1 on white (lib/contrast.test.ts).
                    'border-dashed border-slate-500 text-slate-600 dark:border-slate-400 dark:text-slate-300',
              )}
            >
              <span
                className="h-2.5 w-2.5 rounded-full"
                style={{ background: on ? COLORS[key] : 'transparent', border: `2px solid ${COLORS[key]}` }}
              />
              {t(`streams.${key}`)}
            </button>
          );
        })}
      </fieldset>

      <StreamChart
        time={json.time}
        series={series}
        range={range}
        onRangeChange={onRangeChange}
        locale={f.language}
        timeLabel={t('streams.time')}
      />

      <div
        data-testid="selection-stats"
        data-start={Math.round(current.min)}
        data-end={Math.round(current.max)}
        className="mt-4"
      >
        <p className="mb-2 text-sm font-medium text-slate-600 dark:text-slate-300">
          {range
            ? t('selection.range', { from: f.clock(current.min), to: f.clock(current.max) })
            : t('selection.whole')}
        </p>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          <Stat label={t('selection.duration')} value={f.clock(stats.durationS)} />
          {stats.distanceM !== undefined && (
            <Stat label={t('selection.distance')} value={f.distance(stats.distanceM)} />
          )}
          {has('watts') && (
            <Stat
              label={t('selection.averagePower')}
              value={<span data-testid="selection-avg-power">{f.watts(stats.averagePowerW)}</span>}
            />
          )}
          {has('watts') && (
            <Stat
              label={t('selection.normalizedPower')}
              value={<span data-testid="selection-np">{f.watts(stats.normalizedPowerW)}</span>}
            />
          )}
          {has('heartrate') && (
            <Stat label={t('selection.averageHeartrate')} value={f.bpm(stats.averageHeartRateBpm)} />
          )}
          {has('cadence') && (
            <Stat label={t('selection.averageCadence')} value={f.rpm(stats.averageCadenceRpm)} />
          )}
          {!has('watts') && stats.averageSpeedMps !== undefined && (
            <Stat label={t('selection.averageSpeed')} value={f.speed(stats.averageSpeedMps)} />
          )}
        </dl>
      </div>
    </Section>
  );
}
