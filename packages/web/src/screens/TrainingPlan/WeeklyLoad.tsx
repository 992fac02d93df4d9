import { useTranslation } from 'react-i18next';
import type { PlanResponse } from '../../api/plan-types';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { phaseLabel, phaseStyle, scoreStyle } from './planText';

/**
 * Each week's planned TSS against what was ridden so far, and its compliance (the analysis package's
 * weekly compliance: ridden over planned-to-date TSS, scored 0–100).
 */
export function WeeklyLoad({ plan }: { plan: PlanResponse }) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  const max = Math.max(1, ...plan.weeks.map((w) => Math.max(w.planned_tss, w.actual_tss ?? 0)));
  return (
    <section aria-labelledby="weeks-title" className="space-y-2" data-testid="weekly-load">
      <h2 id="weeks-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('weeks.title')}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[34rem] text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('weeks.week')}
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('weeks.phase')}
              </th>
              <th scope="col" className="w-1/3 py-1 pr-2 font-medium">
                {t('weeks.load')}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {t('weeks.planned')}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {t('weeks.ridden')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('weeks.score')}
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.weeks.map((w) => (
              <tr
                key={w.index}
                className="border-t border-slate-100 dark:border-slate-700"
                data-testid="week-row"
              >
                <td className="py-1.5 pr-2 whitespace-nowrap text-slate-700 dark:text-slate-200">
                  {f.date(w.start_date)}
                </td>
                <td className="py-1.5 pr-2">
                  <span className={cn('rounded px-1.5 py-0.5 text-xs', phaseStyle(w.phase))}>
                    {phaseLabel(w.phase, t)}
                  </span>
                </td>
                <td className="py-1.5 pr-2" aria-hidden>
                  <div className="relative h-3 rounded bg-slate-100 dark:bg-slate-700">
                    <div
                      className="absolute inset-y-0 left-0 rounded bg-brand-500/40"
                      style={{ width: `${(w.planned_tss / max) * 100}%` }}
                    />
                    {w.actual_tss !== null && (
                      <div
                        className="absolute inset-y-0.5 left-0 rounded bg-emerald-600"
                        style={{ width: `${(w.actual_tss / max) * 100}%` }}
                      />
                    )}
                  </div>
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{f.number(w.planned_tss)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{f.number(w.actual_tss)}</td>
                <td className="py-1.5 text-right">
                  {w.score === null ? (
                    '—'
                  ) : (
                    <span
                      className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', scoreStyle(w.score))}
                    >
                      {f.number(w.score)}
                      {w.partial ? '*' : ''}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('weeks.note')}</p>
    </section>
  );
}
