import {
  parseWorkoutText,
  serializeWorkoutText,
  validateWorkout,
  type Workout,
  type WorkoutTextError,
  workoutLoad,
} from '@vatio/analysis';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createWorkout, updateWorkout, usePlanMutation } from '../../api/plan';
import type { WorkoutInput, WorkoutPurposeValue, WorkoutResponse } from '../../api/plan-types';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, Input, Select } from '../../components/ui/Input';
import { useFormat } from '../../hooks/useFormat';
import { addStep, STEP_TEMPLATES } from './builderModel';
import { ExportButtons } from './ExportButtons';
import { PlanError } from './PlanError';
import { StepList } from './StepEditor';
import { WorkoutLoadFigures } from './WorkoutLoadFigures';
import { WorkoutProfile } from './WorkoutProfile';

const PURPOSES: readonly WorkoutPurposeValue[] = [
  'recovery',
  'endurance',
  'tempo',
  'sweetSpot',
  'threshold',
  'vo2max',
  'anaerobic',
  'sprint',
];

export interface BuilderDraft {
  /** Present when editing one of the rider's saved workouts. */
  id?: string;
  name: string;
  purpose: WorkoutPurposeValue | null;
  workout: Workout;
}

/**
 * The workout builder: steps by buttons (warm-up, steady, intervals with repeats, ramp, cool-down,
 * free ride; targets in % FTP, watts or heart-rate zone; cadence) and the same workout as text
 * (`3x10m 95%`, `5x(30s 150%, 30s 50%)`), both ways with the analysis package's parser and
 * serializer. Duration, NP, IF and TSS come from the rider's FTP in the browser (workoutLoad), the
 * rules from validateWorkout, so the rider sees what the server will say before saving.
 */
export function WorkoutBuilder({
  draft,
  ftpW,
  onSaved,
}: {
  draft: BuilderDraft;
  ftpW: number | undefined;
  onSaved?: (workout: WorkoutResponse) => void;
}) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  const [name, setName] = useState(draft.name);
  const [purpose, setPurpose] = useState<WorkoutPurposeValue | null>(draft.purpose);
  const [workout, setWorkout] = useState<Workout>(draft.workout);
  const [text, setText] = useState(() =>
    draft.workout.steps.length > 0 ? serializeWorkoutText(draft.workout) : '',
  );
  const [textError, setTextError] = useState<WorkoutTextError | null>(null);
  const [saved, setSaved] = useState<WorkoutResponse | null>(null);
  const save = usePlanMutation((input: WorkoutInput) =>
    (saved?.id ?? draft.id) ? updateWorkout((saved?.id ?? draft.id)!, input) : createWorkout(input),
  );

  const fromBuilder = (next: Workout) => {
    setWorkout(next);
    setText(next.steps.length > 0 ? serializeWorkoutText(next) : '');
    setTextError(null);
  };
  const fromText = (value: string) => {
    setText(value);
    const parsed = parseWorkoutText(value);
    if (parsed.ok) {
      setWorkout(parsed.workout);
      setTextError(null);
    } else setTextError(parsed.error);
  };

  const load = useMemo(() => workoutLoad(workout, ftpW), [workout, ftpW]);
  const issues = useMemo(() => validateWorkout(workout, ftpW === undefined ? {} : { ftpW }), [workout, ftpW]);
  const issueCodes = [...new Set(issues.map((i) => i.code))];
  const canSave = name.trim() !== '' && issues.length === 0 && textError === null;

  return (
    <div className="grid gap-4 lg:grid-cols-5" data-testid="workout-builder">
      <div className="space-y-4 lg:col-span-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('builder.name')}>
            {(props) => (
              <Input
                {...props}
                value={name}
                maxLength={120}
                onChange={(e) => setName(e.target.value)}
                data-testid="builder-name"
              />
            )}
          </Field>
          <Field label={t('builder.purpose')}>
            {(props) => (
              <Select
                {...props}
                value={purpose ?? ''}
                onChange={(e) => setPurpose((e.target.value || null) as WorkoutPurposeValue | null)}
              >
                <option value="">{t('builder.noPurpose')}</option>
                {PURPOSES.map((p) => (
                  <option key={p} value={p}>
                    {t(`purpose.${p}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>

        <Field
          label={t('builder.text')}
          hint={t('builder.textHint')}
          error={
            textError
              ? t('textError.at', {
                  position: textError.position + 1,
                  message: t(`textError.${textError.code}`),
                })
              : undefined
          }
        >
          {(props) => (
            <textarea
              {...props}
              value={text}
              rows={2}
              spellCheck={false}
              onChange={(e) => fromText(e.target.value)}
              placeholder="wu 10m 55%, 3x10m 95%, cd 10m 50%"
              data-testid="builder-text"
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            />
          )}
        </Field>

        <div>
          <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">{t('builder.add')}</p>
          <div className="flex flex-wrap gap-1.5">
            {STEP_TEMPLATES.map((template) => (
              <button
                key={template}
                type="button"
                onClick={() => fromBuilder(addStep(workout, template))}
                data-testid={`builder-add-${template}`}
                className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700 dark:border-slate-600 dark:text-slate-200"
              >
                <Plus className="h-3.5 w-3.5" aria-hidden />
                {t(`builder.template.${template}`)}
              </button>
            ))}
          </div>
        </div>
        <StepList workout={workout} ftpW={ftpW} onChange={fromBuilder} />
      </div>

      <Card className="space-y-3 p-4 lg:col-span-2 lg:self-start">
        <h3 className="font-semibold text-slate-900 dark:text-white">
          {name.trim() || t('builder.untitled')}
        </h3>
        {workout.steps.length > 0 ? (
          <WorkoutProfile
            workout={workout}
            ftpW={ftpW}
            height={96}
            label={t('libraryView.profileLabel', {
              name: name || t('builder.untitled'),
              duration: f.hoursMinutes(load.durationS),
            })}
          />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('builder.empty')}</p>
        )}
        <WorkoutLoadFigures
          durationS={load.durationS}
          tss={load.tss ?? null}
          intensityFactor={load.intensityFactor ?? null}
          npW={load.npW ?? null}
          estimated={load.estimated}
          reason={load.reason ?? null}
        />
        {issueCodes.length > 0 && workout.steps.length > 0 && (
          <ul className="space-y-1 text-xs text-red-700 dark:text-red-400" data-testid="builder-issues">
            {issueCodes.map((code) => (
              <li key={code}>{t(`workoutIssue.${code}`)}</li>
            ))}
          </ul>
        )}
        <PlanError error={save.error} />
        <Button
          className="w-full"
          disabled={!canSave}
          loading={save.isPending}
          data-testid="builder-save"
          onClick={() =>
            save.mutate(
              { name: name.trim(), purpose, structure: workout },
              {
                onSuccess: (w) => {
                  setSaved(w);
                  onSaved?.(w);
                },
              },
            )
          }
        >
          {t((saved?.id ?? draft.id) ? 'builder.update' : 'builder.save')}
        </Button>
        {saved && (
          <p
            role="status"
            className="text-xs text-emerald-700 dark:text-emerald-400"
            data-testid="builder-saved"
          >
            {t('builder.saved')}
          </p>
        )}
        {(saved?.id ?? draft.id) && (
          <ExportButtons
            target={{ source: 'own', id: (saved?.id ?? draft.id)! }}
            workout={saved?.structure ?? workout}
            name={name}
          />
        )}
      </Card>
    </div>
  );
}
