import { useTranslation } from 'react-i18next';
import type { ActivityAnalysis, ActivityDetail } from '../../../api/activity-types';
import { useFormat } from '../../../hooks/useFormat';
import { Missing, Stat } from '../parts';

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
  const ftp = analysis?.settings_used.ftp_w ?? activity.ftp_w;
  const withDate = useWithDate();
  const noPower =
    activity.average_power === null && activity.normalized_power === null && !s?.average_power_w;
  // Power and no FTP (none set, none in the file, and its 90 days too little for an eFTP): IF and TSS
  // say "—" and the line below says why, rather than vanishing (issue 28, trust: a ride whose eFTP
  // window a deletion emptied lands here too).
  const noFtp = !noPower && ftp == null;
  const needsFtp = (key: string) => noFtp && (key === 'intensityFactor' || key === 'tss');
  const shown = tiles.filter((tile) => tile.value !== null || needsFtp(tile.key));
  return (
    <section data-testid="ride-summary" aria-label={t('summary.title')} className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4 lg:grid-cols-8">
        {shown.map((tile) => (
          <Stat
            key={tile.key}
            label={t(`summary.${tile.key}`)}
            value={tile.value === null ? '—' : tile.text(tile.value)}
            hint={tile.hint}
            className="border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800"
          />
        ))}
      </dl>
      {noPower ? (
        <Missing>{t('summary.noPower')}</Missing>
      ) : noFtp ? (
        <Missing>{t('summary.noFtp')}</Missing>
      ) : (
        ftp != null && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('summary.ftpUsed', {
              ftp: f.watts(ftp),
              source: withDate(
                t(`summary.ftpSource.${ftpSource ?? 'settings'}`),
                analysis?.settings_used.ftp_from,
              ),
            })}
            {ftpSource === 'estimated' && ` ${t('summary.estimatedHint', { ftp: f.watts(ftp) })}`}
          </p>
        )
      )}
      {analysis && <RiderValuesUsed used={analysis.settings_used} />}
    </section>
  );
}

/**
 * The rider's weight, max HR and LTHR the ride was analysed with, each with where it came from and
 * the date its entry holds from (issue 25: every figure divided by a weight says which one), or why
 * a figure is missing.
 */
function RiderValuesUsed({ used }: { used: ActivityAnalysis['settings_used'] }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const withDate = useWithDate();
  const line = (
    key: 'weight' | 'maxHr' | 'lthr',
    value: string,
    source: string | null,
    from: string | null,
  ) =>
    t(`summary.riderValues.${key}`, {
      value,
      source: withDate(t(`summary.riderValues.source.${source ?? 'settings'}`), from),
    });
  const parts = [
    used.weight_kg !== null
      ? line('weight', f.weight(used.weight_kg), used.weight_source, used.weight_from)
      : t('summary.riderValues.noWeight'),
    used.max_hr_bpm !== null
      ? line('maxHr', f.bpm(used.max_hr_bpm), used.max_hr_source, used.max_hr_from)
      : null,
    used.lthr_bpm !== null ? line('lthr', f.bpm(used.lthr_bpm), used.lthr_source, used.lthr_from) : null,
    used.max_hr_bpm === null && used.lthr_bpm === null ? t('summary.riderValues.noHeart') : null,
  ].filter((p): p is string => p !== null);
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="rider-values-used">
      {parts.join(' ')}
    </p>
  );
}

/** "source, from 1 Jan 2020" when the value came from a dated entry; the source alone otherwise. */
function useWithDate() {
  const { t } = useTranslation('activity');
  const f = useFormat();
  return (source: string, from: string | null | undefined) =>
    from ? `${source}, ${t('summary.fromDate', { date: f.date(from) })}` : source;
}
