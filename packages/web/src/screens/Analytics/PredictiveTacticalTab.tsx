import { ENERGY_ZONE_KEYS, type PredictiveResponse } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { energyShares, serverKey } from './analyticsLoadFormat';
import { Figure, FormulaLink } from './TrainingLoadParts';

const ZONE_COLOURS: Record<string, string> = {
  endurance: 'bg-sky-500',
  tempo: 'bg-emerald-500',
  threshold: 'bg-amber-500',
  vo2max: 'bg-orange-600',
  neuromuscular: 'bg-red-600',
};

/** Tactical analysis of the period's rides: surges, W′ matches, energy by zone, three advice blocks. */
export function PredictiveTacticalTab({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const tac = data.tactical;
  if (!tac) return <p className="py-6 text-sm text-slate-600 dark:text-slate-300">{t('tactical.none')}</p>;
  const shares = energyShares(tac.energy_kj, ENERGY_ZONE_KEYS);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('tactical.window', {
          rides: tac.rides,
          hours: f.number(tac.hours, 1),
          from: f.date(data.window.from),
          to: f.date(data.window.to),
        })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Figure
          testId="tactical-surges"
          label={t('tactical.surgesPerHour')}
          value={f.number(tac.surges_per_hour, 1)}
          unit={t('tactical.perHour')}
          formula="tactical"
          hint={t('tactical.surgesHint', { count: tac.surges })}
        />
        <Figure
          testId="tactical-matches"
          label={t('tactical.matches')}
          value={tac.matches_burned === null ? t('tactical.noFit') : f.number(tac.matches_burned)}
          formula="tactical"
          hint={
            tac.matches_per_hour === null
              ? t('tactical.matchesNoFit')
              : t('tactical.matchesHint', { value: f.number(tac.matches_per_hour, 1) })
          }
        />
      </div>
      <section
        className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        data-testid="tactical-energy"
      >
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('tactical.energy')}</h3>
        <ul className="mt-3 space-y-2">
          {shares.map((s) => (
            <li key={s.zone} className="text-sm">
              <div className="flex justify-between gap-3">
                <span className="text-slate-800 dark:text-slate-100">{t(`tactical.zone.${s.zone}`)}</span>
                <span className="text-slate-700 dark:text-slate-200">
                  <FormulaLink id="tactical" className="font-semibold">
                    {f.kilojoules(s.kj)}
                  </FormulaLink>{' '}
                  · {f.percent(s.pct, 0)}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-700">
                <div
                  className={`h-2 rounded-full ${ZONE_COLOURS[s.zone] ?? 'bg-slate-500'}`}
                  style={{ width: `${s.pct}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ul className="grid gap-3 md:grid-cols-3" data-testid="tactical-advice">
        {tac.advice.map((a) => (
          <li key={a.block} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">
            <p className="font-semibold text-slate-900 dark:text-white">{t(`tactical.advice.${a.block}`)}</p>
            <p className="mt-1 text-slate-700 dark:text-slate-200">{t(serverKey(a.key))}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
