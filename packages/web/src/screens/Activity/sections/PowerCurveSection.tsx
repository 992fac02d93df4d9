import { useTranslation } from 'react-i18next';
import type { ActivityAnalysis } from '../../../api/activity-types';
import { PowerCurveChart } from '../../../components/charts/PowerCurveChart';
import { formatDurationLabel } from '../../../lib/format';
import { useFormat } from '../../../hooks/useFormat';
import { Missing, Section, Stat } from '../parts';

export function PowerCurveSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const ride = analysis.power_curve ?? [];
  const best = analysis.best_power_curve ?? [];
  if (ride.length === 0) {
    return (
      <Section title={t('curve.title')}>
        <Missing>{t('curve.none')}</Missing>
      </Section>
    );
  }
  const peaks = [5, 60, 300, 1200]
    .map((d) => ({ d, p: ride.find((point) => point.duration_s === d)?.power_w }))
    .filter((x) => x.p !== undefined);
  return (
    <Section title={t('curve.title')} subtitle={t('curve.subtitle')}>
      <PowerCurveChart
        locale={f.language}
        durationLabel={t('curve.duration')}
        curves={[
          { label: t('curve.ride'), color: '#ea580c', points: ride },
          ...(best.length > 0
            ? [{ label: t('curve.best'), color: '#64748b', points: best, dash: [6, 4] }]
            : []),
        ]}
      />
      {peaks.length > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {peaks.map(({ d, p }) => (
            <Stat key={d} label={t('curve.peak', { duration: formatDurationLabel(d) })} value={f.watts(p)} />
          ))}
        </dl>
      )}
    </Section>
  );
}
