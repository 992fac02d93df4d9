import { useTranslation } from 'react-i18next';
import type { ActivityAnalysis } from '../../../api/activity-types';
import { cn } from '../../../components/ui/cn';
import { useFormat } from '../../../hooks/useFormat';
import { Missing, Section, Stat } from '../parts';

export function DecouplingSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const d = analysis.decoupling;
  const pct = d?.pw_hr_pct ?? analysis.summary.aerobic_decoupling_pct;
  const gap = analysis.decoupling_unavailable;
  if (pct == null && gap?.reason === 'too_short') {
    // Power and heart rate are there, but not for the hour the figure needs: "—" and why.
    return (
      <Section title={t('decoupling.title')} testId="decoupling">
        <p className="text-3xl font-bold tabular-nums text-slate-900 dark:text-white">—</p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="decoupling-too-short">
          {t('decoupling.tooShort', {
            minutes: f.number(Math.floor(gap.seconds / 60), 0),
            required: f.number(gap.required_s / 60, 0),
          })}
        </p>
      </Section>
    );
  }
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
