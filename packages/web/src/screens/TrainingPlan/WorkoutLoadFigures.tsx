import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkoutLoadReasonCode } from '../../api/plan-types';
import { useFormat } from '../../hooks/useFormat';
import { LabelledValue } from './LabelledValue';

/**
 * Duration, TSS, IF and NP of a planned workout at the rider's FTP (Coggan's definitions on the
 * planned power trace). A figure the plan cannot support is "—" with the reason; heart-rate steps
 * make the figures an estimate, and the line says so.
 */
export function WorkoutLoadFigures({
  durationS,
  tss,
  intensityFactor,
  npW,
  estimated,
  reason,
  compact = false,
}: {
  durationS: number;
  tss: number | null;
  intensityFactor: number | null;
  npW: number | null;
  estimated: boolean;
  reason: WorkoutLoadReasonCode | null;
  compact?: boolean;
}) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  const items: [string, string, string][] = [
    ['duration', t('figures.duration'), f.hoursMinutes(durationS)],
    ['tss', t('figures.tss'), f.number(tss)],
    ['if', t('figures.if'), f.number(intensityFactor, 2)],
  ];
  if (!compact) items.push(['np', t('figures.np'), f.watts(npW)]);
  return (
    <div className="space-y-1">
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="workout-figures">
        {items.map(([key, label, value]) => (
          <LabelledValue
            key={key}
            className="flex items-baseline gap-1"
            label={label}
            value={value}
            testId={`figure-${key}`}
          />
        ))}
      </dl>
      {reason && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t(`figures.reason.${reason}`)}{' '}
          {reason === 'ftpRequired' && (
            <Link to="/settings" className="font-medium text-brand-700 hover:underline dark:text-brand-500">
              {t('figures.setFtp')}
            </Link>
          )}
        </p>
      )}
      {estimated && !reason && (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('figures.estimated')}</p>
      )}
    </div>
  );
}
