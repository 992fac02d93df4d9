import { Bot, CalendarDays, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NarrativeData } from '../../api/dashboard';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';

const PRIORITY_STYLE = {
  high: 'bg-rose-50 text-rose-700 dark:bg-rose-900/40 dark:text-rose-300',
  medium: 'bg-amber-50 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  low: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
} as const;

/** 'Entrenador' (the spec's 'IA Coach'): the top three recommendations of the spec's rules (000 §9), words from the locales. */
export function CoachSection({ recommendations }: { recommendations: NarrativeData['recommendations'] }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  return (
    <section aria-labelledby="coach-title" className="space-y-3" data-testid="coach">
      <h2
        id="coach-title"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
      >
        <Bot className="h-5 w-5 text-brand-600" aria-hidden />
        {t('narrative.coach.title')}
      </h2>
      {recommendations.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600 dark:text-slate-300">{t('narrative.coach.none')}</Card>
      ) : (
        <ol className="grid gap-3 lg:grid-cols-3">
          {recommendations.map((r) => {
            const base = `coach.${r.id}`;
            const change = f.number(Math.abs(r.change_pct), 1);
            return (
              <li key={r.id} data-testid="recommendation">
                <Card className="flex h-full flex-col gap-2 p-5">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold text-slate-900 dark:text-white">{t(`${base}.title`)}</h3>
                    <span
                      className={cn(
                        'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
                        PRIORITY_STYLE[r.priority],
                      )}
                    >
                      {t(`narrative.coach.priority.${r.priority}`)}
                    </span>
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {t(`${base}.explanation`, { change })}
                  </p>
                  <p className="text-sm text-slate-800 dark:text-slate-100">
                    <span className="font-semibold">{t('narrative.coach.plan')}: </span>
                    {t(`${base}.plan`)}
                  </p>
                  <p className="mt-auto text-xs text-slate-500 dark:text-slate-400">
                    {t('narrative.coach.expected', { value: t(`${base}.expected`) })} ·{' '}
                    {t(`${base}.timeframe`)}
                  </p>
                </Card>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** 'Próximo Objetivo': the next FTP step and what it means in W/kg. */
export function NextGoalCard({ goal }: { goal: NarrativeData['next_goal'] }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  return (
    <Card
      className="flex flex-col gap-3 bg-gradient-to-br from-brand-600 to-brand-700 p-5 text-white sm:flex-row sm:items-center"
      data-testid="next-goal"
    >
      <Target className="h-8 w-8 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold">{t('narrative.goal.title')}</h2>
        <p className="text-sm text-white/90">
          {t('narrative.goal.text', {
            current: f.watts(goal.current_w),
            target: f.watts(goal.target_w),
            weeks: goal.weeks,
          })}
        </p>
        {goal.target_w_per_kg !== null && (
          <p className="mt-1 text-sm text-white/90">
            {t('narrative.goal.perKg', {
              current: f.number(goal.current_w_per_kg, 2),
              target: f.number(goal.target_w_per_kg, 2),
            })}
          </p>
        )}
      </div>
      {/* Spec 000: 'Ver Plan de Entrenamiento' leads to /training-plan, where the goal becomes a season plan. */}
      <Link
        to="/training-plan"
        data-testid="view-training-plan"
        className="inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <CalendarDays className="h-4 w-4" aria-hidden />
        {t('narrative.goal.viewPlan')}
      </Link>
    </Card>
  );
}
