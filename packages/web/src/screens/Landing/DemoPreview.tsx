import { ArrowRight, Info, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { PowerChart } from './PowerChart';
import { SAMPLE_RIDE, SAMPLE_TRACE } from './sampleRide';
import { SectionHeading } from './SectionHeading';
import { containerClass, linkButton, sectionClass } from './styles';
import { useNumberFormat } from '../../hooks/useNumberFormat';

const CHART_MAX_WATTS = 600;
const TIME_TICKS = [0, 15, 30, 45, 60, 75, 90];
const POWER_TICKS = [600, 400, 200];
const INSIGHTS = ['threshold', 'decoupling', 'load'] as const;
const ZONE_COLOURS = [
  'bg-slate-400',
  'bg-sky-500',
  'bg-emerald-500',
  'bg-amber-400',
  'bg-orange-500',
  'bg-red-500',
  'bg-purple-600',
];

/** A static, clearly labelled example of what Vatio shows for one analysed ride. */
export function DemoPreview() {
  const { t } = useTranslation('landing');
  const format = useNumberFormat();
  const ride = SAMPLE_RIDE;
  const watts = t('units.watts');
  const maxZoneShare = Math.max(...ride.zones.map((zone) => zone.share));

  const tiles = [
    { key: 'duration', value: ride.durationLabel, unit: '' },
    { key: 'distance', value: format(ride.distanceKm, 1), unit: t('units.km') },
    { key: 'avgPower', value: format(ride.avgPower), unit: watts },
    { key: 'np', value: format(ride.np), unit: watts },
    { key: 'if', value: format(ride.intensityFactor, 2), unit: '' },
    { key: 'tss', value: format(ride.tss, 1), unit: '' },
    { key: 'avgHr', value: format(ride.avgHr), unit: t('units.bpm') },
    { key: 'ef', value: format(ride.efficiencyFactor, 2), unit: '' },
    { key: 'wattsPerBeat', value: format(ride.wattsPerBeat, 2), unit: '' },
    { key: 'decoupling', value: t('units.percent', { value: format(ride.decouplingPct, 1) }), unit: '' },
  ] as const;

  return (
    <section
      id="demo"
      aria-labelledby="demo-title"
      className={cn(sectionClass, 'bg-slate-50 py-20 sm:py-24 dark:bg-slate-950')}
    >
      <div className={containerClass}>
        <SectionHeading
          id="demo-title"
          eyebrow={t('demo.eyebrow')}
          title={t('demo.title')}
          lead={t('demo.lead')}
        />

        <div className="mx-auto mt-12 max-w-6xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 dark:border-slate-700 dark:bg-slate-800">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-slate-700">
            <div>
              <h3 className="font-semibold text-slate-900 dark:text-white">{t('demo.rideTitle')}</h3>
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('demo.rideMeta')}</p>
            </div>
            <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/30">
              <Info className="h-3.5 w-3.5" aria-hidden />
              {t('demo.exampleBadge')}
            </p>
          </div>

          <dl className="grid grid-cols-2 gap-px bg-slate-200 sm:grid-cols-5 dark:bg-slate-700">
            {tiles.map((tile) => (
              <div key={tile.key} className="bg-white px-4 py-3 sm:px-5 dark:bg-slate-800">
                <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">
                  {t(`demo.tiles.${tile.key}`)}
                </dt>
                <dd className="mt-0.5 text-xl font-semibold tabular-nums text-slate-900 dark:text-white">
                  {tile.value}
                  {tile.unit && (
                    <span className="ml-1 text-sm font-normal text-slate-500 dark:text-slate-400">
                      {tile.unit}
                    </span>
                  )}
                </dd>
              </div>
            ))}
          </dl>

          <div className="grid gap-8 p-5 sm:p-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h4 className="font-semibold text-slate-900 dark:text-white">{t('demo.chart.title')}</h4>
                <p className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
                  <span className="inline-flex items-center gap-1.5">
                    <span className="h-0.5 w-4 bg-brand-600" aria-hidden />
                    {t('demo.chart.legendPower')}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <span className="w-4 border-t-2 border-dashed border-slate-600" aria-hidden />
                    {t('demo.chart.legendFtp', { ftp: format(ride.ftp) })}
                  </span>
                </p>
              </div>
              <div className="mt-4 flex gap-2">
                <div
                  className="relative h-56 w-9 shrink-0 text-right text-[11px] text-slate-400 tabular-nums"
                  aria-hidden
                >
                  {POWER_TICKS.map((tick) => (
                    <span
                      key={tick}
                      className="absolute right-0 -translate-y-1/2"
                      style={{ top: `${(1 - tick / CHART_MAX_WATTS) * 100}%` }}
                    >
                      {tick}
                    </span>
                  ))}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="relative h-56 border-b border-l border-slate-200 dark:border-slate-600">
                    {POWER_TICKS.map((tick) => (
                      <div
                        key={tick}
                        aria-hidden
                        className="absolute inset-x-0 border-t border-slate-100 dark:border-slate-700"
                        style={{ top: `${(1 - tick / CHART_MAX_WATTS) * 100}%` }}
                      />
                    ))}
                    <PowerChart
                      data={SAMPLE_TRACE}
                      maxWatts={CHART_MAX_WATTS}
                      ftp={ride.ftp}
                      label={t('demo.chart.label')}
                      className="absolute inset-0"
                    />
                  </div>
                  <div className="relative mt-1 h-4 text-[11px] text-slate-400 tabular-nums" aria-hidden>
                    {TIME_TICKS.map((minute, i) => (
                      <span
                        key={minute}
                        className={cn(
                          'absolute',
                          i === 0 ? 'left-0' : i === TIME_TICKS.length - 1 ? 'right-0' : '-translate-x-1/2',
                          // Narrow charts keep every other tick, so the labels never collide.
                          i % 2 === 1 && 'hidden sm:inline',
                        )}
                        style={
                          i === 0 || i === TIME_TICKS.length - 1
                            ? undefined
                            : { left: `${(minute / 90) * 100}%` }
                        }
                      >
                        {t('demo.chart.minutes', { minutes: minute })}
                      </span>
                    ))}
                  </div>
                </div>
              </div>

              <div className="mt-8 rounded-xl bg-brand-50 p-4 sm:p-5 dark:bg-slate-900/60">
                <h4 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  <MessageSquareText className="h-5 w-5 text-brand-600" aria-hidden />
                  {t('demo.insights.title')}
                </h4>
                <ul className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300">
                  {INSIGHTS.map((key) => (
                    <li key={key} className="flex items-start gap-2">
                      <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
                      <span>
                        {t(`demo.insights.${key}`, {
                          low: format(Math.round((ride.blockWatts[1] / ride.ftp) * 100)),
                          high: format(Math.round((ride.blockWatts[0] / ride.ftp) * 100)),
                          decoupling: format(ride.decouplingPct, 1),
                          tss: format(ride.tss, 1),
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>

            <div className="space-y-8">
              <div>
                <h4 className="font-semibold text-slate-900 dark:text-white">{t('demo.bests.title')}</h4>
                <table className="mt-3 w-full text-sm">
                  <thead>
                    <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
                      <th scope="col" className="pb-2 font-medium">
                        {t('demo.bests.duration')}
                      </th>
                      <th scope="col" className="pb-2 text-right font-medium">
                        {t('demo.bests.power')}
                      </th>
                      <th scope="col" className="pb-2 text-right font-medium">
                        {t('demo.bests.wkg')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                    {ride.bests.map((best) => (
                      <tr key={best.id}>
                        <th
                          scope="row"
                          className="py-1.5 text-left font-medium text-slate-700 dark:text-slate-200"
                        >
                          {t(`demo.bests.durations.${best.id}`)}
                        </th>
                        <td className="py-1.5 text-right tabular-nums text-slate-900 dark:text-white">
                          {format(best.watts)} {watts}
                        </td>
                        <td className="py-1.5 text-right tabular-nums text-slate-600 dark:text-slate-300">
                          {format(best.watts / ride.massKg, 1)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
                  {t('demo.bests.ftpNote', {
                    estimate: format(ride.ftpEstimate),
                    best: format(ride.best20min),
                    ftp: format(ride.ftp),
                    mass: format(ride.massKg),
                  })}
                </p>
              </div>

              <div>
                <h4 className="font-semibold text-slate-900 dark:text-white">{t('demo.zones.title')}</h4>
                <ul className="mt-3 space-y-2">
                  {ride.zones.map(({ id, share }, i) => (
                    <li
                      key={id}
                      className="grid grid-cols-[minmax(0,11rem)_1fr_2.75rem] items-center gap-2 text-xs"
                    >
                      <span className="truncate text-slate-700 dark:text-slate-200">
                        <span className="font-semibold">{t('demo.zones.short', { n: i + 1 })}</span>{' '}
                        {t(`demo.zones.names.${id}`)}
                      </span>
                      <span
                        className="h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-700"
                        aria-hidden
                      >
                        <span
                          className={cn('block h-full rounded-full', ZONE_COLOURS[i])}
                          style={{ width: `${(share / maxZoneShare) * 100}%` }}
                        />
                      </span>
                      <span className="text-right tabular-nums text-slate-600 dark:text-slate-300">
                        {t('units.percent', { value: format(share) })}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </div>

          <p className="border-t border-slate-200 bg-slate-50 px-5 py-3 text-xs text-slate-500 sm:px-6 dark:border-slate-700 dark:bg-slate-900/40 dark:text-slate-400">
            {t('demo.footnote')}
          </p>
        </div>
        <p className="mt-8 text-center">
          <Link to="/analytics" data-testid="landing-example-analytics" className={linkButton.secondary}>
            {t('demo.exampleAnalytics')}
            <ArrowRight className="h-5 w-5" aria-hidden />
          </Link>
        </p>
      </div>
    </section>
  );
}
