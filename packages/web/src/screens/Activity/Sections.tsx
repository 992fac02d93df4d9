import { Mountain } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type {
  ActivityAnalysis,
  ActivityDetail,
  Climb,
  HeartRateZone,
  Lap,
  PowerZone,
} from '../../api/activity-types';
import { PowerCurveChart } from '../../components/charts/PowerCurveChart';
import { WPrimeChart } from '../../components/charts/WPrimeChart';
import { cn } from '../../components/ui/cn';
import { type Formatter, formatDurationLabel, MISSING } from '../../lib/format';
import { formulaHref } from '../../lib/formula-links';
import { useFormat } from '../../hooks/useFormat';
import type { RecordedChannels } from './lapChannels';
import { Missing, Section, Stat } from './parts';

function pick(...values: (number | null | undefined)[]): number | null {
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v)) return v;
  return null;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && value > 0 ? value : null;
}

/** The ride's headline numbers; a tile the ride cannot fill is left out. */
export function SummaryTiles({
  activity,
  analysis,
}: {
  activity: ActivityDetail;
  analysis: ActivityAnalysis | undefined;
}) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const s = analysis?.summary;
  // IF and TSS measured against an estimated FTP say so on their tiles (the line below says which).
  const ftpSource = analysis?.settings_used.ftp_source ?? activity.ftp_source;
  const estimatedHint = ftpSource === 'estimated' ? t('summary.estimatedBadge') : undefined;
  const tiles: { key: string; value: number | null; text: (v: number) => string; hint?: string }[] = [
    // An indoor ride without a speed sensor records 0 km: no tile rather than a misleading zero.
    { key: 'distance', value: positive(activity.distance), text: f.distance },
    { key: 'movingTime', value: pick(activity.moving_time, s?.moving_time_s), text: f.clock },
    { key: 'averagePower', value: pick(activity.average_power, s?.average_power_w), text: f.watts },
    { key: 'normalizedPower', value: pick(activity.normalized_power, s?.normalized_power_w), text: f.watts },
    { key: 'maxPower', value: pick(activity.max_power, s?.max_power_w), text: f.watts },
    {
      key: 'intensityFactor',
      value: pick(activity.intensity_factor, s?.intensity_factor),
      text: (v) => f.number(v, 2),
      hint: estimatedHint,
    },
    {
      key: 'tss',
      value: pick(activity.training_stress_score, s?.training_stress_score),
      text: (v) => f.number(v),
      hint: estimatedHint,
    },
    { key: 'work', value: pick(activity.work_kj, s?.work_kj), text: f.kilojoules },
    {
      key: 'averageHeartrate',
      value: pick(activity.average_heartrate, s?.average_heartrate_bpm),
      text: f.bpm,
    },
    { key: 'maxHeartrate', value: pick(activity.max_heartrate, s?.max_heartrate_bpm), text: f.bpm },
    { key: 'averageCadence', value: pick(activity.average_cadence, s?.average_cadence_rpm), text: f.rpm },
    {
      key: 'elevation',
      value: pick(activity.total_elevation_gain, s?.elevation_gain_m),
      text: f.elevation,
      // The head unit's own ascent, or Vatio's estimate where the file has none: riders compare it
      // with what their device showed, so the tile says which (issue 25).
      hint: activity.total_elevation_gain_source
        ? t(`summary.elevationSource.${activity.total_elevation_gain_source}`)
        : undefined,
    },
    {
      key: 'variabilityIndex',
      value: pick(activity.variability_index, s?.variability_index),
      text: (v) => f.number(v, 2),
    },
    { key: 'averageSpeed', value: positive(activity.average_speed), text: f.speed },
    { key: 'wattsPerKg', value: pick(s?.watts_per_kg), text: (v) => `${f.number(v, 2)} W/kg` },
  ];
  const shown = tiles.filter((tile) => tile.value !== null);
  const ftp = analysis?.settings_used.ftp_w ?? activity.ftp_w;
  const noPower =
    activity.average_power === null && activity.normalized_power === null && !s?.average_power_w;
  return (
    <section data-testid="ride-summary" aria-label={t('summary.title')} className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4 lg:grid-cols-8">
        {shown.map((tile) => (
          <Stat
            key={tile.key}
            label={t(`summary.${tile.key}`)}
            value={tile.text(tile.value!)}
            hint={tile.hint}
            className="border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800"
          />
        ))}
      </dl>
      {noPower ? (
        <Missing>{t('summary.noPower')}</Missing>
      ) : (
        ftp != null && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('summary.ftpUsed', {
              ftp: f.watts(ftp),
              source: t(`summary.ftpSource.${ftpSource ?? 'settings'}`),
            })}
            {ftpSource === 'estimated' && ` ${t('summary.estimatedHint', { ftp: f.watts(ftp) })}`}
          </p>
        )
      )}
    </section>
  );
}

/** Climbs found on the ride; a click selects the climb on the chart. */
export function ClimbList({
  climbs,
  selected,
  onSelect,
}: {
  climbs: Climb[];
  selected: { min: number; max: number } | null;
  onSelect: (climb: Climb) => void;
}) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  if (climbs.length === 0) return null;
  return (
    <Section title={t('climbs.title')} subtitle={t('climbs.subtitle')}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {climbs.map((climb, index) => {
          const active = selected?.min === climb.start_s && selected?.max === climb.end_s;
          return (
            <li key={`${climb.start_s}-${climb.end_s}`}>
              <button
                type="button"
                data-testid="climb-row"
                data-start={climb.start_s}
                data-end={climb.end_s}
                aria-pressed={active}
                onClick={() => onSelect(climb)}
                className={cn(
                  'flex w-full flex-wrap items-center gap-x-4 gap-y-1 rounded-lg px-2 py-2.5 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-700/50',
                  active && 'bg-brand-50 ring-1 ring-brand-500 dark:bg-slate-700',
                )}
              >
                <span className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  <Mountain className="h-4 w-4 text-brand-600" aria-hidden />
                  {t('climbs.name', { index: index + 1 })}
                </span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-900 dark:text-slate-200">
                  {t(`climbs.category.${String(climb.category)}`, {
                    defaultValue: String(climb.category ?? ''),
                  })}
                </span>
                <span className="text-slate-600 tabular-nums dark:text-slate-300">
                  {f.clock(climb.start_s)} · {f.distance(climb.length_m)} · {f.elevation(climb.gain_m)} ·{' '}
                  {f.percent(climb.average_grade_pct)}
                </span>
                <span className="text-slate-600 tabular-nums dark:text-slate-300">
                  {t('climbs.time')} {f.clock(climb.end_s - climb.start_s)}
                </span>
                {climb.vam_m_h != null && (
                  <span className="text-slate-600 tabular-nums dark:text-slate-300">
                    {t('climbs.vam')} {f.number(climb.vam_m_h)} m/h
                  </span>
                )}
                {climb.average_power_w != null && (
                  <span className="font-medium text-slate-800 tabular-nums dark:text-slate-100">
                    {f.watts(climb.average_power_w)}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function PowerCurveSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const ride = analysis.power_curve ?? [];
  const best = analysis.best_power_curve ?? [];
  if (ride.length === 0) {
    return (
      <Section title={t('curve.title')}>
        <Missing>{t('curve.none')}</Missing>
      </Section>
    );
  }
  const peaks = [5, 60, 300, 1200]
    .map((d) => ({ d, p: ride.find((point) => point.duration_s === d)?.power_w }))
    .filter((x) => x.p !== undefined);
  return (
    <Section title={t('curve.title')} subtitle={t('curve.subtitle')}>
      <PowerCurveChart
        locale={f.language}
        durationLabel={t('curve.duration')}
        curves={[
          { label: t('curve.ride'), color: '#ea580c', points: ride },
          ...(best.length > 0
            ? [{ label: t('curve.best'), color: '#64748b', points: best, dash: [6, 4] }]
            : []),
        ]}
      />
      {peaks.length > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {peaks.map(({ d, p }) => (
            <Stat key={d} label={t('curve.peak', { duration: formatDurationLabel(d) })} value={f.watts(p)} />
          ))}
        </dl>
      )}
    </Section>
  );
}

function zoneName(
  t: (key: string, options?: Record<string, unknown>) => string,
  kind: 'power' | 'heart',
  zone: number,
  nameKey?: string,
) {
  const fallback = `Z${zone}`;
  if (!nameKey) return t(`zones.${kind}.z${zone}`, { defaultValue: fallback });
  const key = nameKey.includes('.') ? nameKey : `zones.${kind}.${nameKey}`;
  return t(key, { defaultValue: fallback });
}

const POWER_COLORS = ['#94a3b8', '#3b82f6', '#22c55e', '#eab308', '#f97316', '#ef4444', '#a855f7'];
const HEART_COLORS = ['#94a3b8', '#3b82f6', '#22c55e', '#f97316', '#ef4444'];

function ZoneBars({
  rows,
  colors,
}: {
  rows: { zone: number; name: string; range: string; timeS: number }[];
  colors: string[];
}) {
  const f = useFormat();
  const total = rows.reduce((sum, row) => sum + row.timeS, 0);
  return (
    <ul className="space-y-2">
      {rows.map((row) => {
        const pct = total > 0 ? (row.timeS / total) * 100 : 0;
        return (
          <li
            key={row.zone}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:grid sm:grid-cols-[minmax(0,14rem)_1fr_auto]"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-800 dark:text-slate-100">
                Z{row.zone} · {row.name}
              </p>
              <p className="truncate text-xs text-slate-500">{row.range}</p>
            </div>
            <div className="order-last h-3 w-full overflow-hidden rounded-full bg-slate-100 sm:order-none dark:bg-slate-700">
              <div
                className="h-full rounded-full"
                style={{ width: `${pct}%`, background: colors[row.zone - 1] ?? '#64748b' }}
              />
            </div>
            <span className="text-right text-slate-700 tabular-nums sm:w-28 dark:text-slate-200">
              {f.clock(row.timeS)} · {f.number(pct, 0)} %
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** A zone's bounds; the server sends null for a bound it could not compute (never for real zones). */
function rangeText(f: Formatter, min: number | null, max: number | null, unit: string) {
  if (min == null) return max == null ? '' : `< ${f.number(max)} ${unit}`;
  return max == null ? `> ${f.number(min)} ${unit}` : `${f.number(min)}–${f.number(max)} ${unit}`;
}

export function ZonesSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const power: PowerZone[] = analysis.zones?.power ?? [];
  const heart: HeartRateZone[] = analysis.zones?.heart_rate ?? [];
  const hasPower = power.some((z) => z.time_s > 0);
  const hasHeart = heart.some((z) => z.time_s > 0);
  return (
    <Section title={t('zones.title')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('zones.powerTitle')}
          </h3>
          {hasPower ? (
            <ZoneBars
              colors={POWER_COLORS}
              rows={power.map((z) => ({
                zone: z.zone,
                name: zoneName(t, 'power', z.zone, z.name_key),
                range: rangeText(f, z.min_w, z.max_w, 'W'),
                timeS: z.time_s,
              }))}
            />
          ) : (
            <Missing>{t('zones.noPower')}</Missing>
          )}
        </div>
        <div>
          <h3 className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('zones.heartTitle')}
          </h3>
          {hasHeart ? (
            <ZoneBars
              colors={HEART_COLORS}
              rows={heart.map((z) => ({
                zone: z.zone,
                name: zoneName(t, 'heart', z.zone, z.name_key),
                range: rangeText(f, z.min_bpm, z.max_bpm, f.bpmUnit),
                timeS: z.time_s,
              }))}
            />
          ) : (
            <Missing>{t('zones.noHeart')}</Missing>
          )}
        </div>
      </div>
    </Section>
  );
}

/** The ride's laps; a channel the ride did not record reads "—" in every lap (`recordedChannels`). */
export function LapsTable({
  laps,
  channels,
  onSelect,
}: {
  laps: Lap[];
  channels: RecordedChannels;
  onSelect: (lap: Lap) => void;
}) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  if (laps.length < 2) return null;
  const shown = <T,>(recorded: boolean, value: T, format: (v: T) => string) =>
    recorded ? format(value) : MISSING;
  const hasDistance = laps.some((lap) => (lap.distance ?? 0) > 0);
  const hasSpeed = laps.some((lap) => (lap.average_speed ?? 0) > 0);
  return (
    <Section title={t('laps.title')} subtitle={t('laps.subtitle')}>
      <div className="relative -mx-5 overflow-x-auto px-5">
        <table className="w-full min-w-[36rem] text-sm tabular-nums" data-testid="laps-table">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-500 dark:border-slate-700">
              <th className="py-2 pr-3">#</th>
              <th className="py-2 pr-3">{t('laps.time')}</th>
              {hasDistance && <th className="py-2 pr-3">{t('laps.distance')}</th>}
              {hasSpeed && <th className="py-2 pr-3">{t('laps.speed')}</th>}
              <th className="py-2 pr-3">{t('laps.averagePower')}</th>
              <th className="py-2 pr-3">{t('laps.normalizedPower')}</th>
              <th className="py-2 pr-3">{t('laps.maxPower')}</th>
              <th className="py-2 pr-3">{t('laps.heartrate')}</th>
              <th className="py-2 pr-3">{t('laps.cadence')}</th>
            </tr>
          </thead>
          <tbody>
            {laps.map((lap) => (
              <tr
                key={lap.index}
                onClick={() => onSelect(lap)}
                className="cursor-pointer border-b border-slate-100 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-700/50"
              >
                <td className="py-2 pr-3 font-semibold">
                  <button
                    type="button"
                    className="hover:underline"
                    onClick={() => onSelect(lap)}
                    aria-label={t('laps.select', { index: lap.index + 1 })}
                  >
                    {lap.index + 1}
                  </button>
                </td>
                <td className="py-2 pr-3">{f.clock(lap.elapsed_time ?? lap.moving_time)}</td>
                {hasDistance && <td className="py-2 pr-3">{f.distance(lap.distance)}</td>}
                {hasSpeed && <td className="py-2 pr-3">{f.speed(lap.average_speed)}</td>}
                <td className="py-2 pr-3" data-testid="lap-power">
                  {shown(channels.power, lap.average_power, f.watts)}
                </td>
                <td className="py-2 pr-3">{shown(channels.power, lap.normalized_power, f.watts)}</td>
                <td className="py-2 pr-3">{shown(channels.power, lap.max_power, f.watts)}</td>
                <td className="py-2 pr-3" data-testid="lap-heartrate">
                  {shown(channels.heart, lap.average_heartrate, f.bpm)}
                </td>
                <td className="py-2 pr-3" data-testid="lap-cadence">
                  {shown(channels.cadence, lap.average_cadence, f.rpm)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export function WPrimeSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const w = analysis.w_prime_balance;
  // CP and W′ are null only when the fit gave non-finite numbers: then there is nothing to draw against.
  if (!w || w.w_prime_j == null) return null;
  const unsupported = w.adjustment === 'unsupported';
  if (!unsupported && !w.series_j?.length) return null;
  const minJ = w.min_j;
  const kj = (j: number | null) => (j == null ? '—' : f.number(j / 1000, 1));
  // Which CP and W′ the curve is drawn with and why, in words (wPrimeBalanceParameters): the fitted
  // ones, or, when they would take the balance below zero, GoldenCheetah's minimum CP or a raised W′.
  const why = t(`wbal.adjustment.${w.adjustment}`, {
    cp: f.watts(w.cp_w),
    wprime: kj(w.w_prime_j),
    fittedCp: f.watts(w.fitted_cp_w),
    fittedWprime: kj(w.fitted_w_prime_j),
    fittedMin: kj(w.fitted_min_j),
  });
  return (
    <Section
      title={t('wbal.title')}
      subtitle={
        unsupported
          ? t('wbal.subtitleNone')
          : t('wbal.subtitle', { cp: f.watts(w.cp_w), wprime: f.number(w.w_prime_j / 1000, 1) })
      }
      testId="wbal"
    >
      {unsupported ? (
        <p className="text-2xl font-semibold text-slate-400 dark:text-slate-500" data-testid="wbal-none">
          —
        </p>
      ) : (
        <WPrimeChart
          seriesJ={w.series_j}
          label={t('wbal.series')}
          timeLabel={t('streams.time')}
          locale={f.language}
        />
      )}
      {minJ != null && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="wbal-min">
          {t('wbal.min', {
            value: f.number(minJ / 1000, 1),
            pct: f.number((minJ / w.w_prime_j) * 100, 0),
          })}
        </p>
      )}
      <p
        className={cn(
          'mt-2 text-sm',
          w.adjustment === 'none'
            ? 'text-slate-600 dark:text-slate-300'
            : 'rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
        )}
        data-testid="wbal-parameters"
        data-adjustment={w.adjustment}
      >
        {why}{' '}
        <a
          href={formulaHref('wPrimeBalanceParameters')}
          className="font-medium underline decoration-dotted underline-offset-4 hover:decoration-solid"
        >
          {t('wbal.howLink')}
        </a>
      </p>
    </Section>
  );
}

export function DecouplingSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const d = analysis.decoupling;
  const pct = d?.pw_hr_pct ?? analysis.summary.aerobic_decoupling_pct;
  if (pct == null) {
    return (
      <Section title={t('decoupling.title')}>
        <Missing>{t('decoupling.none')}</Missing>
      </Section>
    );
  }
  const level = Math.abs(pct) < 5 ? 'good' : Math.abs(pct) < 10 ? 'fair' : 'poor';
  return (
    <Section title={t('decoupling.title')} testId="decoupling">
      <p className="text-3xl font-bold tabular-nums text-slate-900 dark:text-white">{f.percent(pct)}</p>
      <p
        className={cn(
          'mt-2 text-sm font-medium',
          level === 'good' && 'text-emerald-700 dark:text-emerald-400',
          level === 'fair' && 'text-amber-700 dark:text-amber-400',
          level === 'poor' && 'text-red-700 dark:text-red-400',
        )}
      >
        {t(`decoupling.${level}`)}
      </p>
      {d && (
        <dl className="mt-3 grid grid-cols-2 gap-2">
          <Stat label={t('decoupling.firstHalf')} value={f.number(d.first_half_ef, 2)} />
          <Stat label={t('decoupling.secondHalf')} value={f.number(d.second_half_ef, 2)} />
        </dl>
      )}
      <p className="mt-3 text-xs text-slate-500">{t('decoupling.explain')}</p>
    </Section>
  );
}

export function AeroSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const a = analysis.aero;
  if (!a) {
    return (
      <Section title={t('aero.title')}>
        <Missing>{t('aero.none')}</Missing>
      </Section>
    );
  }
  return (
    <Section title={t('aero.title')} subtitle={t('aero.subtitle')} testId="aero">
      <dl className="grid grid-cols-2 gap-2">
        <Stat label={t('aero.cda')} value={`${f.number(a.cda_m2, 3)} m²`} />
        <Stat label={t('aero.crr')} value={f.number(a.crr, 4)} />
        <Stat
          label={t('aero.fit')}
          value={t(`aero.quality.${a.rating}`)}
          hint={`R² ${f.number(a.r2, 2)} · RMSE ${f.number(a.rmse_m, 1)} m`}
        />
        <Stat label={t('aero.density')} value={`${f.number(a.air_density_kg_m3, 3)} kg/m³`} />
      </dl>
      {a.rating === 'implausible' && (
        <p className="mt-3 text-sm text-amber-700 dark:text-amber-400" data-testid="aero-implausible">
          {t('aero.implausible.explain', {
            reasons: a.implausible.map((reason) => t(`aero.implausible.${reason}`)).join(' '),
          })}
        </p>
      )}
      <p className="mt-3 text-xs text-slate-500" data-testid="aero-assumptions">
        {t('aero.assumptions', {
          rider: f.number(a.assumptions.rider_kg, 1),
          riderSource: t(`aero.source.${a.assumptions.rider_kg_source}`),
          bike: f.number(a.assumptions.bike_kg, 1),
          bikeSource: t(`aero.source.${a.assumptions.bike_kg_source ?? 'default'}`),
          temperature: f.number(a.assumptions.temperature_c, 0),
          temperatureSource: t(`aero.source.${a.assumptions.temperature_source}`),
          humidity: f.number(a.assumptions.humidity_pct, 0),
          pressure: f.number(a.assumptions.pressure_hpa, 0),
        })}
        {a.assumptions.rider_kg_source === 'default' && ` ${t('aero.setWeight')}`}
      </p>
    </Section>
  );
}

export function PedalingSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const p = analysis.pedaling;
  const mm = (v: number | null) => (v == null ? '–' : `${f.number(v, 1)} mm`);
  const deg = (v: number) => `${f.number(v, 0)}°`;
  const has =
    p &&
    (p.left_balance_pct != null ||
      p.torque_effectiveness_pct != null ||
      p.pedal_smoothness_pct != null ||
      p.cadence_variability_pct != null ||
      p.stability_index_pct != null ||
      p.platform_centre_offset_left_mm != null ||
      p.power_phase_left_start_deg != null);
  if (!p || !has) {
    return (
      <Section title={t('pedaling.title')}>
        <Missing>{t('pedaling.none')}</Missing>
      </Section>
    );
  }
  return (
    <Section title={t('pedaling.title')} testId="pedaling">
      <dl className="grid grid-cols-2 gap-2">
        {p.left_balance_pct != null && (
          <Stat
            label={t('pedaling.balance')}
            value={`${f.number(p.left_balance_pct, 1)} / ${f.number(100 - p.left_balance_pct, 1)}`}
            hint={t('pedaling.balanceHint')}
          />
        )}
        {p.torque_effectiveness_pct != null && (
          <Stat label={t('pedaling.te')} value={f.percent(p.torque_effectiveness_pct)} />
        )}
        {p.pedal_smoothness_pct != null && (
          <Stat label={t('pedaling.ps')} value={f.percent(p.pedal_smoothness_pct)} />
        )}
        {p.cadence_variability_pct != null && (
          <Stat label={t('pedaling.cadenceVariability')} value={f.percent(p.cadence_variability_pct)} />
        )}
        {p.torque_variability_pct != null && (
          <Stat label={t('pedaling.torqueVariability')} value={f.percent(p.torque_variability_pct)} />
        )}
        {p.stability_index_pct != null && (
          <Stat
            label={t('pedaling.stability')}
            value={f.percent(p.stability_index_pct)}
            hint={t('pedaling.stabilityHint')}
          />
        )}
        {(p.platform_centre_offset_left_mm != null || p.platform_centre_offset_right_mm != null) && (
          <Stat
            label={t('pedaling.pco')}
            value={`${mm(p.platform_centre_offset_left_mm)} / ${mm(p.platform_centre_offset_right_mm)}`}
            hint={t('pedaling.pcoHint')}
          />
        )}
        {(['left', 'right'] as const).map((leg) => {
          const start = p[`power_phase_${leg}_start_deg`];
          const end = p[`power_phase_${leg}_end_deg`];
          const arc = p[`power_phase_${leg}_arc_deg`];
          if (start == null || end == null || arc == null) return null;
          const peakStart = p[`power_phase_${leg}_peak_start_deg`];
          const peakEnd = p[`power_phase_${leg}_peak_end_deg`];
          return (
            <Stat
              key={leg}
              label={t(leg === 'left' ? 'pedaling.phaseLeft' : 'pedaling.phaseRight')}
              value={`${deg(start)}–${deg(end)} (${deg(arc)})`}
              hint={
                peakStart != null && peakEnd != null
                  ? t('pedaling.phasePeak', { from: deg(peakStart), to: deg(peakEnd) })
                  : t('pedaling.phaseHint')
              }
            />
          );
        })}
      </dl>
      {p.left_balance_pct == null && p.torque_effectiveness_pct == null && (
        <p className="mt-3 text-xs text-slate-500">{t('pedaling.noDynamics')}</p>
      )}
    </Section>
  );
}
