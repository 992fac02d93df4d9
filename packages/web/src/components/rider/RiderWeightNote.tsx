import type { RiderWeight } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';

/**
 * Which of the rider's weights a screen's per-kilogram figures divide by, and from when (issue 25:
 * one rider, one weight, the dated entry in force; the profile shows the same one), or that there is
 * none. The styling is the caller's: a hero on a dark ground and a card on a light one differ.
 */
export function RiderWeightNote({ weight, className }: { weight: RiderWeight; className?: string }) {
  const { t } = useTranslation('common');
  const f = useFormat();
  return (
    <p className={className} data-testid="rider-weight-note">
      {weight
        ? t(`riderWeight.${weight.source}`, { kg: f.weight(weight.kg), date: f.date(weight.from) })
        : t('riderWeight.none')}
    </p>
  );
}
