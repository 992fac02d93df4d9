import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PowerChart } from './PowerChart';
import { SAMPLE_RIDE, SAMPLE_TRACE } from './sampleRide';
import { useNumberFormat } from '../../hooks/useNumberFormat';

/** The hero's example card: one ride's headline numbers, with the arithmetic that links them. */
export function SampleRideCard() {
  const { t } = useTranslation('landing');
  const format = useNumberFormat();
  const ride = SAMPLE_RIDE;

  const tiles = [
    { key: 'np', value: format(ride.np), unit: t('units.watts') },
    { key: 'if', value: format(ride.intensityFactor, 2), unit: '' },
    { key: 'tss', value: format(ride.tss, 1), unit: '' },
    { key: 'ftp', value: format(ride.ftp), unit: t('units.watts') },
  ] as const;

  return (
    <figure
      aria-labelledby="sample-ride-title"
      className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/10 sm:p-6 dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 dark:bg-slate-700">
            <Activity className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p id="sample-ride-title" className="font-semibold text-slate-900 dark:text-white">
              {t('hero.sample.title')}
            </p>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {t('hero.sample.subtitle', { duration: ride.durationLabel })}
            </p>
          </div>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600 dark:bg-slate-700 dark:text-slate-300">
          {t('hero.sample.badge')}
        </span>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-3">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-900/60">
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
              <abbr title={t(`metrics.${tile.key}.name`)} className="no-underline">
                {t(`metrics.${tile.key}.short`)}
              </abbr>
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
              {tile.value}
              {tile.unit && (
                <span className="ml-1 text-sm font-medium text-slate-500 dark:text-slate-400">
                  {tile.unit}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-5 h-20" aria-hidden>
        <PowerChart data={SAMPLE_TRACE} maxWatts={560} ftp={ride.ftp} label={t('demo.chart.label')} />
      </div>

      <figcaption className="mt-4 space-y-1 border-t border-slate-100 pt-4 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
        <p>
          {t('hero.sample.ifFormula', {
            np: format(ride.np),
            ftp: format(ride.ftp),
            value: format(ride.intensityFactor, 2),
          })}
        </p>
        <p>
          {t('hero.sample.tssFormula', {
            hours: format(ride.hours, 1),
            if: format(ride.intensityFactor, 2),
            value: format(ride.tss, 1),
          })}
        </p>
      </figcaption>
    </figure>
  );
}
