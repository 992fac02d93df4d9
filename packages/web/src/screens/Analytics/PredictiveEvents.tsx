import type { PredictiveResponse } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../hooks/useFormat';
import { missingInputsKey, serverKey } from './analyticsLoadFormat';
import { FormulaLink } from './TrainingLoadParts';

/** Event predictions: the power the rider can hold and the time the physics model gives, with its assumptions. */
export function PredictiveEvents({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const a = data.event_assumptions;
  return (
    <section className="space-y-3" data-testid="predictive-events">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('events.title')}</h2>
        {/* Issue 26: an event of one's own, with its date and priority, is a goal of the training plan. */}
        <Link
          to="/training-plan?tab=goals&add=goal"
          data-testid="predictive-set-goal"
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
        >
          {t('events.setGoal')}
        </Link>
      </div>
      {data.events.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t(`events.${missingInputsKey(data.needs)}`)}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-3">
          {data.events.map((event) => (
            <li
              key={event.key}
              className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
            >
              <p className="font-semibold text-slate-900 dark:text-white">{t(`events.name.${event.key}`)}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t(`events.course.${event.key}`)}</p>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('events.power')}</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">
                    <FormulaLink id="events">{f.watts(event.power_w)}</FormulaLink>
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('events.time')}</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">
                    <FormulaLink id="events">{f.clock(event.time_s)}</FormulaLink>
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('events.distance')}</dt>
                  <dd className="text-slate-800 dark:text-slate-100">{f.distance(event.distance_m)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('events.speed')}</dt>
                  <dd className="text-slate-800 dark:text-slate-100">
                    {f.speed(event.average_speed_kmh / 3.6)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {a ? (
        <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="event-assumptions">
          {t('events.assumptions', {
            rider: f.weight(a.rider_kg),
            bike: f.weight(a.bike_kg),
            bikeSource: t(`events.bikeSource.${a.bike_weight_source}`),
            cda: f.number(a.cda_m2, 3),
            cdaSource: t(`events.cdaSource.${a.cda_source}`),
            crr: f.number(a.crr, 4),
            rho: f.number(a.air_density, 3),
            model: t(`events.model.${a.model.source}`, {
              cp: f.number(a.model.cp_w),
              wPrime: f.number(a.model.w_prime_j / 1000, 1),
            }),
          })}
        </p>
      ) : null}
    </section>
  );
}

/** The plain-language summary written by the server's rules (no external service). */
export function PredictiveSummary({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  if (data.summary.length === 0) return null;
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800 sm:p-5"
      data-testid="predictive-summary"
    >
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        <FormulaLink id="summary">{t('summary.title')}</FormulaLink>
      </h2>
      <ul className="mt-2 space-y-1.5 text-sm text-slate-700 dark:text-slate-200">
        {data.summary.map((line) => (
          <li key={line.key}>
            {t(
              serverKey(line.key),
              Object.fromEntries(
                Object.entries(line.values).map(([k, v]) => [
                  k,
                  typeof v === 'number' ? f.number(v, Number.isInteger(v) ? 0 : 1) : v,
                ]),
              ),
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
