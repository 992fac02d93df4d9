import type { Workout } from '@vatio/analysis';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWorkout, type ExportTarget } from '../../api/plan';
import { WORKOUT_EXPORT_FORMAT_VALUES, type WorkoutExportFormat } from '../../api/plan-types';
import { PlanError } from './PlanError';

/** Whether any step targets a heart-rate zone (ZWO, ERG and MRC only set power). */
function hasHeartRateSteps(workout: Workout): boolean {
  return workout.steps.some((s) =>
    (s.kind === 'repeat' ? s.steps : [s]).some((p) => p.target?.type === 'hrZone'),
  );
}

/**
 * FIT, ZWO, ERG and MRC downloads of one workout. Heart-rate steps go to FIT as they are; the power-only
 * formats need them as the zone's power band, an estimate the rider opts into (checked by default).
 */
export function ExportButtons({
  target,
  workout,
  name,
}: {
  target: ExportTarget;
  workout: Workout;
  name: string;
}) {
  const { t } = useTranslation('plan');
  const [busy, setBusy] = useState<WorkoutExportFormat | null>(null);
  const [error, setError] = useState<unknown>(null);
  const hr = hasHeartRateSteps(workout);
  const [hrAsPower, setHrAsPower] = useState(true);
  const run = async (format: WorkoutExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadWorkout(target, format, hr && hrAsPower && format !== 'fit');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-2" data-testid="export-buttons">
      <fieldset className="flex flex-wrap items-center gap-1.5">
        <legend className="sr-only">{t('export.label', { name })}</legend>
        <Download className="h-4 w-4 text-slate-500" aria-hidden />
        {WORKOUT_EXPORT_FORMAT_VALUES.map((format) => (
          <button
            key={format}
            type="button"
            disabled={busy !== null}
            onClick={() => void run(format)}
            data-testid={`export-${format}`}
            title={t(`export.hint.${format}`)}
            aria-label={t('export.as', { format: format.toUpperCase(), name })}
            className="rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold text-slate-700 hover:border-brand-500 hover:text-brand-700 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200"
          >
            {busy === format ? t('export.busy') : format.toUpperCase()}
          </button>
        ))}
      </fieldset>
      {hr && (
        <label className="flex items-start gap-2 text-xs text-slate-600 dark:text-slate-300">
          <input
            type="checkbox"
            checked={hrAsPower}
            onChange={(e) => setHrAsPower(e.target.checked)}
            className="mt-0.5"
          />
          {t('export.hrAsPower')}
        </label>
      )}
      <PlanError error={error} />
    </div>
  );
}
