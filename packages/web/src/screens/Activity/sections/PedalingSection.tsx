import { useTranslation } from 'react-i18next';
import type { ActivityAnalysis } from '../../../api/activity-types';
import { useFormat } from '../../../hooks/useFormat';
import { Missing, Section, Stat } from '../parts';

export function PedalingSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const p = analysis.pedaling;
  const mm = (v: number | null) => (v == null ? '–' : `${f.number(v, 1)} mm`);
  const deg = (v: number) => `${f.number(v, 0)}°`;
  const has =
    p &&
    (p.left_balance_pct != null ||
      p.torque_effectiveness_pct != null ||
      p.pedal_smoothness_pct != null ||
      p.cadence_variability_pct != null ||
      p.stability_index_pct != null ||
      p.platform_centre_offset_left_mm != null ||
      p.power_phase_left_start_deg != null);
  if (!p || !has) {
    return (
      <Section title={t('pedaling.title')}>
        <Missing>{t('pedaling.none')}</Missing>
      </Section>
    );
  }
  return (
    <Section title={t('pedaling.title')} testId="pedaling">
      <dl className="grid grid-cols-2 gap-2">
        {p.left_balance_pct != null && (
          <Stat
            label={t('pedaling.balance')}
            value={`${f.number(p.left_balance_pct, 1)} / ${f.number(100 - p.left_balance_pct, 1)}`}
            hint={t('pedaling.balanceHint')}
          />
        )}
        {p.torque_effectiveness_pct != null && (
          <Stat label={t('pedaling.te')} value={f.percent(p.torque_effectiveness_pct)} />
        )}
        {p.torque_effectiveness_pct == null && p.unavailable?.torque_effectiveness === 'zeros_only' && (
          <Stat label={t('pedaling.te')} value="—" hint={t('pedaling.zerosOnly')} />
        )}
        {p.pedal_smoothness_pct != null && (
          <Stat label={t('pedaling.ps')} value={f.percent(p.pedal_smoothness_pct)} />
        )}
        {p.pedal_smoothness_pct == null && p.unavailable?.pedal_smoothness === 'zeros_only' && (
          <Stat label={t('pedaling.ps')} value="—" hint={t('pedaling.zerosOnly')} />
        )}
        {p.cadence_variability_pct != null && (
          <Stat label={t('pedaling.cadenceVariability')} value={f.percent(p.cadence_variability_pct)} />
        )}
        {p.torque_variability_pct != null && (
          <Stat label={t('pedaling.torqueVariability')} value={f.percent(p.torque_variability_pct)} />
        )}
        {p.torque_variability_pct == null && p.unavailable?.torque_variability === 'implausible' && (
          <Stat label={t('pedaling.torqueVariability')} value="—" hint={t('pedaling.torqueImplausible')} />
        )}
        {p.stability_index_pct != null && (
          <Stat
            label={t('pedaling.stability')}
            value={f.percent(p.stability_index_pct)}
            hint={t('pedaling.stabilityHint')}
          />
        )}
        {(p.platform_centre_offset_left_mm != null || p.platform_centre_offset_right_mm != null) && (
          <Stat
            label={t('pedaling.pco')}
            value={`${mm(p.platform_centre_offset_left_mm)} / ${mm(p.platform_centre_offset_right_mm)}`}
            hint={t('pedaling.pcoHint')}
          />
        )}
        {(['left', 'right'] as const).map((leg) => {
          const start = p[`power_phase_${leg}_start_deg`];
          const end = p[`power_phase_${leg}_end_deg`];
          const arc = p[`power_phase_${leg}_arc_deg`];
          if (start == null || end == null || arc == null) return null;
          const peakStart = p[`power_phase_${leg}_peak_start_deg`];
          const peakEnd = p[`power_phase_${leg}_peak_end_deg`];
          return (
            <Stat
              key={leg}
              label={t(leg === 'left' ? 'pedaling.phaseLeft' : 'pedaling.phaseRight')}
              value={`${deg(start)}–${deg(end)} (${deg(arc)})`}
              hint={
                peakStart != null && peakEnd != null
                  ? t('pedaling.phasePeak', { from: deg(peakStart), to: deg(peakEnd) })
                  : t('pedaling.phaseHint')
              }
            />
          );
        })}
      </dl>
      {p.left_balance_pct == null && p.torque_effectiveness_pct == null && (
        <p className="mt-3 text-xs text-slate-500">{t('pedaling.noDynamics')}</p>
      )}
    </Section>
  );
}
