import { Mountain } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Climb } from '../../../api/activity-types';
import { cn } from '../../../components/ui/cn';
import { useFormat } from '../../../hooks/useFormat';
import { Section } from '../parts';

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
