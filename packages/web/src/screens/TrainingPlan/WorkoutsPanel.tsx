import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteWorkout, useLibrary, usePlanMutation, useWorkouts } from '../../api/plan';
import type { LibraryWorkoutResponse, WorkoutPurposeValue, WorkoutResponse } from '../../api/plan-types';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import type { BuilderDraft } from './WorkoutBuilder';
import { ExportButtons } from './ExportButtons';
import { PlanError } from './PlanError';
import { WorkoutLoadFigures } from './WorkoutLoadFigures';
import { WorkoutProfile } from './WorkoutProfile';
import { EditDeleteButtons } from './EditDeleteButtons';

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

/** The library by purpose (Coggan's levels): each session with its profile, duration, TSS and IF at the rider's FTP. */
export function LibraryPanel({
  ftpW,
  onOpen,
}: {
  ftpW: number | undefined;
  onOpen: (draft: BuilderDraft) => void;
}) {
  const { t } = useTranslation('plan');
  const library = useLibrary();
  const [purpose, setPurpose] = useState<WorkoutPurposeValue | 'all'>('all');
  const list = library.data ?? [];
  const groups = PURPOSES.filter((p) => purpose === 'all' || p === purpose)
    .map((p) => [p, list.filter((w) => w.purpose === p)] as const)
    .filter(([, items]) => items.length > 0);
  return (
    <section className="space-y-4" aria-labelledby="library-title" data-testid="library">
      <div className="space-y-2">
        <h2 id="library-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('libraryView.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('libraryView.subtitle')}</p>
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">{t('libraryView.filter')}</legend>
          {(['all', ...PURPOSES] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={purpose === p}
              onClick={() => setPurpose(p)}
              data-testid={`library-filter-${p}`}
              className={cn(
                'rounded-full border px-3 py-1 text-xs font-medium',
                purpose === p
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 text-slate-700 hover:border-brand-500 dark:border-slate-600 dark:text-slate-200',
              )}
            >
              {p === 'all' ? t('libraryView.all') : t(`purpose.${p}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {library.isPending && <p className="text-sm text-slate-500">{t('loading')}</p>}
      <PlanError error={library.error} />
      {groups.map(([p, items]) => (
        <div key={p} className="space-y-2">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {t(`purpose.${p}`)}
          </h3>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {items.map((w) => (
              <li key={w.id}>
                <LibraryCard workout={w} ftpW={ftpW} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function LibraryCard({
  workout,
  ftpW,
  onOpen,
}: {
  workout: LibraryWorkoutResponse;
  ftpW: number | undefined;
  onOpen: (draft: BuilderDraft) => void;
}) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  const name = t(workout.name_key);
  return (
    <Card className="flex h-full flex-col gap-2 p-4" data-testid="library-workout" data-id={workout.id}>
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-slate-900 dark:text-white">{name}</p>
        <button
          type="button"
          onClick={() => onOpen({ name, purpose: workout.purpose, workout: workout.structure })}
          aria-label={t('libraryView.open', { name })}
          title={t('libraryView.open', { name })}
          className="shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-brand-700 dark:hover:bg-slate-700"
        >
          <Wrench className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <WorkoutProfile
        workout={workout.structure}
        ftpW={ftpW}
        height={48}
        label={t('libraryView.profileLabel', { name, duration: f.hoursMinutes(workout.duration_s) })}
      />
      <p className="text-xs text-slate-600 dark:text-slate-300">{t(workout.description_key)}</p>
      <WorkoutTextAndLoad workout={workout} />
      <div className="mt-auto">
        <ExportButtons
          target={{ source: 'library', id: workout.id }}
          workout={workout.structure}
          name={name}
        />
      </div>
    </Card>
  );
}

/** The rider's own saved workouts: profile, figures, export, edit in the builder, delete. */
export function MyWorkouts({
  ftpW,
  onOpen,
}: {
  ftpW: number | undefined;
  onOpen: (draft: BuilderDraft) => void;
}) {
  const { t } = useTranslation('plan');
  const workouts = useWorkouts();
  const remove = usePlanMutation((id: string) => deleteWorkout(id));
  const list = workouts.data ?? [];
  return (
    <section className="space-y-3" aria-labelledby="mine-title" data-testid="my-workouts">
      <h2 id="mine-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('workouts.mine')}
      </h2>
      <PlanError error={workouts.error ?? remove.error} />
      {list.length === 0 && !workouts.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('workouts.none')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.map((w) => (
            <li key={w.id}>
              <OwnCard workout={w} ftpW={ftpW} onOpen={onOpen} onDelete={() => remove.mutate(w.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OwnCard({
  workout,
  ftpW,
  onOpen,
  onDelete,
}: {
  workout: WorkoutResponse;
  ftpW: number | undefined;
  onOpen: (draft: BuilderDraft) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  return (
    <Card className="flex h-full flex-col gap-2 p-4" data-testid="own-workout">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{workout.name}</p>
          {workout.purpose && <p className="text-xs text-slate-500">{t(`purpose.${workout.purpose}`)}</p>}
        </div>
        <span className="flex shrink-0 gap-0.5">
          <EditDeleteButtons
            editLabel={t('workouts.edit', { name: workout.name })}
            deleteLabel={t('workouts.delete', { name: workout.name })}
            onEdit={() =>
              onOpen({
                id: workout.id,
                name: workout.name,
                purpose: workout.purpose,
                workout: workout.structure,
              })
            }
            onDelete={onDelete}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-700"
          />
        </span>
      </div>
      <WorkoutProfile
        workout={workout.structure}
        ftpW={ftpW}
        height={48}
        label={t('libraryView.profileLabel', {
          name: workout.name,
          duration: f.hoursMinutes(workout.duration_s),
        })}
      />
      <WorkoutTextAndLoad workout={workout} />
      <div className="mt-auto">
        <ExportButtons
          target={{ source: 'own', id: workout.id }}
          workout={workout.structure}
          name={workout.name}
        />
      </div>
    </Card>
  );
}

/** A workout card's text form and load figures: the same on library and own workouts. */
function WorkoutTextAndLoad({
  workout,
}: {
  workout: Pick<
    WorkoutResponse,
    'text' | 'duration_s' | 'tss' | 'intensity_factor' | 'np_w' | 'load_estimated' | 'load_reason'
  >;
}) {
  return (
    <>
      <code
        className="block truncate font-mono text-[11px] text-slate-500 dark:text-slate-400"
        title={workout.text}
      >
        {workout.text}
      </code>
      <WorkoutLoadFigures
        compact
        durationS={workout.duration_s}
        tss={workout.tss}
        intensityFactor={workout.intensity_factor}
        npW={workout.np_w}
        estimated={workout.load_estimated}
        reason={workout.load_reason}
      />
    </>
  );
}
