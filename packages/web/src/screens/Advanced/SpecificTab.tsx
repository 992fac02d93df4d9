import type { AdvancedResponse } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { Figure, Needs } from './AdvancedParts';

const FT_PER_M = 3.28084;

/** Específicas: sprint acceleration and torque, repeatability, and why mechanical efficiency is absent. */
export function SpecificTab({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const { sprints, repeatability } = data.specific;
  const lacking = t('lacking');
  const imperial = f.units === 'imperial';
  const accel = sprints?.peak_acceleration_mps2 ?? null;
  return (
    <div className="space-y-4">
      <Needs needs={data.specific.needs} testId="spec-needs" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          testId="spec-sprint-power"
          label={t('spec.peakPower')}
          formula="advSprints"
          value={sprints ? f.number(sprints.peak_power_w) : lacking}
          unit={sprints ? 'W' : undefined}
          hint={sprints ? t('spec.sprintCount', { count: sprints.count }) : undefined}
        />
        <Figure
          testId="spec-acceleration"
          label={t('spec.peakAcceleration')}
          formula="advSprints"
          value={accel === null ? lacking : f.number(imperial ? accel * FT_PER_M : accel, 2)}
          unit={accel === null ? undefined : imperial ? 'ft/s²' : 'm/s²'}
        />
        <Figure
          testId="spec-torque"
          label={t('spec.peakTorque')}
          formula="advSprints"
          value={sprints?.peak_torque_nm != null ? f.number(sprints.peak_torque_nm) : lacking}
          unit={sprints?.peak_torque_nm != null ? 'N·m' : undefined}
        />
        <Figure
          testId="spec-repeatability"
          label={t('spec.repeatability')}
          formula="advRepeatability"
          value={repeatability ? f.number(repeatability.index_pct, 1) : lacking}
          unit={repeatability ? '%' : undefined}
          hint={
            repeatability
              ? t('spec.repeatabilityHint', { efforts: repeatability.efforts, rides: repeatability.rides })
              : undefined
          }
        />
        <Figure
          testId="spec-cv"
          label={t('spec.cv')}
          formula="advRepeatability"
          value={repeatability ? f.number(repeatability.cv_pct, 1) : lacking}
          unit={repeatability ? '%' : undefined}
        />
        <Figure
          testId="spec-efficiency"
          label={t('spec.efficiency')}
          formula="advEfficiency"
          value={lacking}
          hint={t('spec.efficiencyHint')}
        />
      </div>
    </div>
  );
}
