import type { TrainingLoadResponse } from '@vatio/schemas';
import { Apple, BedDouble, Footprints } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { formatSigned, formTone, serverKey } from './analyticsLoadFormat';
import { Badge, FormulaLink } from './TrainingLoadParts';

const RECOVERY_ICONS = { sleep: BedDouble, nutrition: Apple, active: Footprints } as const;

const BALANCE_TONES = { excellent: 'green', good: 'blue', warning: 'amber', critical: 'red' } as const;

/** 'Recomendaciones': advice by form, the next 7 days' TSS inside the safe ramp, targets, recovery. */
export function TrainingLoadRecommendations({ data }: { data: TrainingLoadResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const rec = data.recommendations;
  if (!rec) return <p className="py-6 text-sm text-slate-600 dark:text-slate-300">{t('load.noDays')}</p>;
  const plan = rec.next_7_days;
  // The badge is today's form, as on the overview; the plan starts from tomorrow's TSB (today's
  // end-of-day CTL − ATL), said beside it.
  const tomorrow = data.projection[0];
  const weekday = new Intl.DateTimeFormat(f.language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  const range = ([lo, hi]: readonly [number, number]) =>
    t('load.range2', { low: f.number(lo), high: f.number(hi) });
  return (
    <div className="space-y-4">
      <section className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900 dark:text-white">{t('load.rec.main')}</h3>
          <Badge tone={formTone(rec.form)}>{t(`form.${rec.form}`)}</Badge>
        </div>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{t(serverKey(rec.advice_key))}</p>
        {tomorrow ? (
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('load.rec.tomorrow', { tsb: formatSigned(tomorrow.tsb, f.language, 1) })}
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
          <Badge tone={BALANCE_TONES[rec.balance.status]}>{t(`load.balance.${rec.balance.status}`)}</Badge>{' '}
          {t('load.balance.value', { value: formatSigned(rec.balance.value, f.language, 1) })}
          {rec.balance.advice_key ? <> {t(serverKey(rec.balance.advice_key))}</> : null}
        </p>
      </section>

      <section
        className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        data-testid="load-next7"
      >
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('load.rec.next7')}</h3>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{t(serverKey(plan.plan_key))}</p>
        <ol className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-7">
          {plan.days.map((day) => (
            <li key={day.date} className="rounded-md bg-slate-50 p-2 text-center dark:bg-slate-900">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {weekday.format(Date.parse(`${day.date}T12:00:00Z`))}
              </p>
              <p className="text-sm font-semibold text-slate-900 dark:text-white">
                {day.tss === 0 ? t('load.rest') : <FormulaLink id="plan">{f.number(day.tss)}</FormulaLink>}
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">
          {t('load.rec.week', { tss: f.number(plan.weekly_tss), count: plan.rest_days })}{' '}
          <FormulaLink id="plan">
            {t('load.rec.ramp', {
              ramp: formatSigned(plan.ramp_per_week, f.language, 1),
              limit: f.number(plan.ramp_limit_per_week),
            })}
          </FormulaLink>
        </p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('load.rec.rampSource', { limit: f.number(plan.ramp_limit_per_week) })}
        </p>
      </section>

      <section className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('load.rec.targets')}</h3>
        <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('load.rec.weekly')}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">
              <FormulaLink id="plan">{range(rec.tss_targets.weekly)}</FormulaLink>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('load.rec.daily')}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">
              <FormulaLink id="plan">{range(rec.tss_targets.daily)}</FormulaLink>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('load.rec.restDays')}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">
              <FormulaLink id="plan">
                {rec.tss_targets.rest_days[0] === rec.tss_targets.rest_days[1]
                  ? f.number(rec.tss_targets.rest_days[0])
                  : range(rec.tss_targets.rest_days)}
              </FormulaLink>
            </dd>
          </div>
        </dl>
      </section>

      <section>
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('load.rec.recovery')}</h3>
        <ul className="mt-2 grid gap-3 sm:grid-cols-3">
          {rec.recovery.map((item) => {
            const Icon = RECOVERY_ICONS[item.category];
            return (
              <li key={item.key} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">
                <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  <Icon className="h-4 w-4 text-brand-600" aria-hidden />
                  {t(`load.recovery.${item.category}`)}
                </p>
                <p className="mt-1 text-slate-700 dark:text-slate-200">{t(serverKey(item.key))}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
